"""Client-kit driver (protocol vendor-client-conformance v1) for the SDK openapi-python-client
generates from the document, the package `vendor_client` beside this file. Run:
vendor-conformance client --driver "python3 openapi-python-client.py DREAM_BETAS". The SDK takes one credential, given to `AuthenticatedClient`; it has no credential chain, no
profile files and no token exchange, so the cases about those are answered `unsupported`. Where a
case only needs a key, this program reads it from the environment the way an application does.
"""

import json
import os
import sys
import time
from typing import Any, Callable

import httpx
from vendor_client import AuthenticatedClient
from vendor_client.api.dreams import dreams_retrieve
from vendor_client.api.message_batches import messages_batches_retrieve
from vendor_client.api.messages import messages_create
from vendor_client.api.rate_limits import organizations_rate_limits_list
from vendor_client.models import DreamsRetrieveVendorVersion, ErrorBody, Message, MessageBatchResult, MessageCreateParams
from vendor_client.models import MessagesBatchesResultsVendorVersion, MessagesBatchesRetrieveVendorVersion
from vendor_client.models import MessagesCreateVendorVersion, OrganizationsRateLimitsListVendorVersion
from vendor_client.types import Response

DREAM_BETAS = sys.argv[1]
NO_CHAIN = "the generated SDK has no credential chain, profile files or token exchange: its users pass a key or an access token to AuthenticatedClient"
NO_EXCHANGE = "the generated SDK has no token exchange: its users exchange the identity token at /v1/oauth/token and pass the access token to AuthenticatedClient"


class ApiError(Exception):
    """An answer other than a success: its status, request id and error type, as the kit reports them."""

    def __init__(self, response: Response[Any] | httpx.Response) -> None:
        super().__init__(f"HTTP {response.status_code}")
        try:
            error_type: str | None = ErrorBody.from_dict(json.loads(response.content)).error.type_
        except (ValueError, KeyError, TypeError):
            error_type = None
        status, request_id = int(response.status_code), response.headers.get("request-id")
        self.error = {"kind": "api", "status": status, "request_id": request_id, "type": error_type}


def ok(response: Response[Any]) -> Any:  # the parsed body of a 2xx answer, else the API error
    if not 200 <= response.status_code < 300 or response.parsed is None or isinstance(response.parsed, ErrorBody):
        raise ApiError(response)
    return response.parsed


def client_for(plan: dict[str, Any]) -> AuthenticatedClient:
    options: dict[str, Any] = plan["options"]
    if "credentials" in options:
        raise NotImplementedError(NO_EXCHANGE)
    if "auth_token" in options:
        return AuthenticatedClient(base_url=plan["base_url"], token=options["auth_token"])
    if "api_key" in options:
        key = options["api_key"]
    elif plan["case"].startswith(("credentials.", "profiles.")):
        raise NotImplementedError(NO_CHAIN)
    else:
        key = os.environ[f"{plan['vendor'].upper()}_API_KEY"]  # the application's own configuration
    return AuthenticatedClient(base_url=plan["base_url"], token=key, prefix="", auth_header_name="x-api-key")


def create_message(client: AuthenticatedClient, call: dict[str, Any]) -> Any:
    # A server may answer 200 or 201 (the document lists both): the module parses either as the message.
    body = MessageCreateParams.from_dict(call["params"])
    version = MessagesCreateVendorVersion.VALUE_0
    message: Message = ok(messages_create.sync_detailed(client=client, body=body, vendor_version=version))
    return {"id": message.id}


def rate_limits(client: AuthenticatedClient, call: dict[str, Any]) -> Any:
    count, page = 0, None
    version = OrganizationsRateLimitsListVendorVersion.VALUE_0
    while True:
        kwargs: dict[str, Any] = {} if page is None else {"page": page}
        answer = ok(organizations_rate_limits_list.sync_detailed(client=client, vendor_version=version, **kwargs))
        count, page = count + len(answer.data), answer.next_page
        if page is None:
            return {"count": count}


def batch_results(client: AuthenticatedClient, call: dict[str, Any]) -> Any:
    version = MessagesBatchesRetrieveVendorVersion.VALUE_0
    batch = ok(messages_batches_retrieve.sync_detailed(call["batch_id"], client=client, vendor_version=version))
    # The results are JSON lines at `results_url`, which the generated module cannot read (see the
    # README): the client's own httpx client fetches the URL and each line is parsed by the model.
    header = {"vendor-version": MessagesBatchesResultsVendorVersion.VALUE_0.value}
    with client.get_httpx_client().stream("GET", batch.results_url, headers=header) as response:
        if not response.is_success:
            response.read()
            raise ApiError(response)
        results = [MessageBatchResult.from_dict(json.loads(line)) for line in response.iter_lines() if line.strip()]
    types = {result.custom_id: result.result.type_ for result in results}
    return {custom_id: types.get(custom_id) for custom_id in call["custom_ids"]}


def dream_settled(client: AuthenticatedClient, call: dict[str, Any]) -> Any:
    version = DreamsRetrieveVendorVersion.VALUE_0
    while True:
        dream = ok(dreams_retrieve.sync_detailed(call["dream_id"], client=client, vendor_version=version, vendor_beta=DREAM_BETAS))
        if dream.status.value not in ("pending", "running"):
            return {"status": dream.status.value}
        time.sleep(call["interval_ms"] / 1000)


OPS: dict[str, Callable[[AuthenticatedClient, dict[str, Any]], Any]] = {
    "messages.create": create_message,
    "organizations.rate_limits.list": rate_limits,
    "messages.batches.results": batch_results,
    "dreams.retrieve": dream_settled,
    "wait": lambda client, call: time.sleep(call["seconds"]),
}


def error(e: Exception) -> dict[str, Any]:
    if isinstance(e, ApiError):
        return e.error
    if isinstance(e, NotImplementedError):  # a feature the SDK does not have
        return {"kind": "unsupported", "message": str(e)}
    return {"kind": "other", "message": f"{type(e).__name__}: {e}"}


def main() -> None:
    with open(os.environ["CLIENT_CONFORMANCE_CALLS"]) as f:
        plan: dict[str, Any] = json.load(f)
    out: Callable[[dict[str, Any]], None] = lambda line: print(json.dumps(line), flush=True)  # noqa: E731

    try:
        client = client_for(plan)
    except Exception as e:
        out({"id": "construct", "ok": False, "error": error(e)})
        return
    out({"id": "construct", "ok": True})
    for call in plan["calls"]:
        try:
            result = OPS[call["op"]](client, call)
            out({"id": call["id"], "ok": True, **({} if result is None else {"result": result})})
        except Exception as e:
            out({"id": call["id"], "ok": False, "error": error(e)})
            break


main()
