"""openapi-python-client: the generated package `vendor_client`, one AuthenticatedClient whose
credential header is the workspace key, and each call through its operation's module.

The matrix runs this program beside the generated package and speaks to it in JSON lines: the
first line is the connection, each next line one call of the scenario ({"call", "args"}), and the
program answers each with {"status", "body"}: the body as the generated models parsed it
(`to_dict()`), so the contract validators judge what the SDK hands its user.
"""

import json
import sys
from typing import Any

from vendor_client import AuthenticatedClient
from vendor_client.api.dreams import dreams_create, dreams_retrieve
from vendor_client.api.message_batches import messages_batches_create, messages_batches_retrieve
from vendor_client.api.messages import messages_create
from vendor_client.api.sessions import sessions_create
from vendor_client.models import (
    DreamCreateParams,
    DreamMemoryStoreInput,
    DreamModel,
    DreamSessionsInput,
    DreamsCreateVendorVersion,
    DreamsRetrieveVendorVersion,
    MessageBatchCreateParams,
    MessageBatchRequest,
    MessageBatchRequestParamsObject,
    MessageCreateParams,
    MessagesBatchesCreateVendorVersion,
    MessagesBatchesResultsVendorVersion,
    MessagesBatchesRetrieveVendorVersion,
    MessagesCreateVendorVersion,
    MessageUserParam,
    SessionCreateMemoryStoreResource,
    SessionCreateParams,
    SessionsCreateVendorVersion,
)
from vendor_client.types import Response


def reply(response: Response[Any]) -> dict[str, Any]:
    """The status, and the body as the client parsed it (its models' `to_dict()`)."""
    parsed = response.parsed
    if parsed is None:
        body: Any = json.loads(response.content) if response.content else None
    elif hasattr(parsed, "to_dict"):
        body = parsed.to_dict()
    else:
        body = parsed
    return {"status": int(response.status_code), "body": body}


def message(inputs: dict[str, Any]) -> MessageCreateParams:
    return MessageCreateParams(
        model=inputs["model"],
        max_tokens=16,
        messages=[MessageUserParam(role="user", content="Hello")],
    )


def main() -> None:
    connection = json.loads(sys.stdin.readline())
    version: str = connection["version"]
    # The workspace key goes out as `x-api-key`, bare (the scheme's header, no prefix).
    client = AuthenticatedClient(
        base_url=connection["baseUrl"], token=connection["apiKey"], prefix="", auth_header_name="x-api-key"
    )

    def create_message(inputs: dict[str, Any]) -> dict[str, Any]:
        return reply(
            messages_create.sync_detailed(
                client=client, body=message(inputs), vendor_version=MessagesCreateVendorVersion(version)
            )
        )

    def create_batch(inputs: dict[str, Any]) -> dict[str, Any]:
        params = MessageBatchRequestParamsObject.from_dict(message(inputs).to_dict())
        requests = [MessageBatchRequest(custom_id=c, params=params) for c in inputs["customIds"]]
        return reply(
            messages_batches_create.sync_detailed(
                client=client,
                body=MessageBatchCreateParams(requests=requests),
                vendor_version=MessagesBatchesCreateVendorVersion(version),
            )
        )

    def retrieve_batch(batch_id: str) -> dict[str, Any]:
        return reply(
            messages_batches_retrieve.sync_detailed(
                batch_id, client=client, vendor_version=MessagesBatchesRetrieveVendorVersion(version)
            )
        )

    def batch_results(results_url: str) -> dict[str, Any]:
        # The operation's server is `results_url` and its body JSON lines, which the generated
        # module parses as one JSON object: the client's own httpx client (base URL, credential)
        # fetches the URL, and the user reads the lines.
        header = MessagesBatchesResultsVendorVersion(version).value
        response = client.get_httpx_client().get(results_url, headers={"vendor-version": header})
        return {"status": response.status_code, "body": response.text}

    def create_session(inputs: dict[str, Any]) -> dict[str, Any]:
        resource = SessionCreateMemoryStoreResource(type_="memory_store", memory_store_id=inputs["memoryStoreId"])
        body = SessionCreateParams(
            agent="agent_generator_matrix", environment_id="env_generator_matrix", resources=[resource]
        )
        return reply(
            sessions_create.sync_detailed(
                client=client,
                body=body,
                vendor_version=SessionsCreateVendorVersion(version),
                vendor_beta=inputs["sessionBetas"],
            )
        )

    def create_dream(inputs: dict[str, Any], session_id: str) -> dict[str, Any]:
        body = DreamCreateParams(
            model=DreamModel(inputs["model"]),
            inputs=[
                DreamMemoryStoreInput(type_="memory_store", memory_store_id=inputs["memoryStoreId"]),
                DreamSessionsInput(type_="sessions", session_ids=[session_id]),
            ],
        )
        return reply(
            dreams_create.sync_detailed(
                client=client,
                body=body,
                vendor_version=DreamsCreateVendorVersion(version),
                vendor_beta=inputs["dreamBetas"],
            )
        )

    def retrieve_dream(inputs: dict[str, Any], dream_id: str) -> dict[str, Any]:
        return reply(
            dreams_retrieve.sync_detailed(
                dream_id,
                client=client,
                vendor_version=DreamsRetrieveVendorVersion(version),
                vendor_beta=inputs["dreamBetas"],
            )
        )

    calls: dict[str, Any] = {
        "createMessage": create_message,
        "createBatch": create_batch,
        "retrieveBatch": retrieve_batch,
        "batchResults": batch_results,
        "createSession": create_session,
        "createDream": create_dream,
        "retrieveDream": retrieve_dream,
    }
    for line in sys.stdin:
        request = json.loads(line)
        try:
            answer = calls[request["call"]](*request["args"])
        except Exception as e:  # the call threw: the matrix reports it as the step's problem
            answer = {"error": f"{type(e).__name__}: {e}"}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
