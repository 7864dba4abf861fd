"""OpenAPI Generator's `python` client: the generated package `vendor_client`, one ApiClient whose
configuration holds the workspace key, and each call through its tag's API class.

The matrix runs this program beside the generated package and speaks to it in JSON lines: the
first line is the connection, each next line one call of the scenario ({"call", "args"}), and the
program answers each with {"status", "body"}: the body as the generated models parsed it
(`to_dict()`), so the contract validators judge what the SDK hands its user.
"""

import json
import sys
from typing import Any, Callable

from vendor_client import (
    ApiClient,
    Configuration,
    DreamCreateParams,
    DreamInput,
    DreamMemoryStoreInput,
    DreamModel,
    DreamsApi,
    DreamSessionsInput,
    MessageBatchCreateParams,
    MessageBatchesApi,
    MessageBatchRequest,
    MessageCreateParams,
    MessageParam,
    MessagesApi,
    MessageUserParam,
    MessageUserParamContent,
    SessionCreateMemoryStoreResource,
    SessionCreateParams,
    SessionCreateResource,
    SessionsApi,
)
from vendor_client.api_response import ApiResponse


def reply(response: ApiResponse[Any]) -> dict[str, Any]:
    """The status, and the body as the client parsed it (its models' `to_dict()`)."""
    data = response.data
    body = data.to_dict() if hasattr(data, "to_dict") else data
    return {"status": int(response.status_code), "body": body}


def message(inputs: dict[str, Any]) -> MessageCreateParams:
    user = MessageUserParam(role="user", content=MessageUserParamContent("Hello"))
    return MessageCreateParams(model=inputs["model"], max_tokens=16, messages=[MessageParam(user)])


def main() -> None:
    connection = json.loads(sys.stdin.readline())
    version: str = connection["version"]
    # The workspace key under its security scheme's name; no access token, so the client sends the
    # one credential (it sends every scheme of an operation it has a value for).
    configuration = Configuration(host=connection["baseUrl"], api_key={"WorkspaceApiKey": connection["apiKey"]})
    client = ApiClient(configuration)
    messages, batches = MessagesApi(client), MessageBatchesApi(client)
    sessions, dreams = SessionsApi(client), DreamsApi(client)

    def create_message(inputs: dict[str, Any]) -> dict[str, Any]:
        return reply(messages.messages_create_with_http_info(version, message(inputs)))

    def create_batch(inputs: dict[str, Any]) -> dict[str, Any]:
        params = message(inputs).to_dict()
        requests = [MessageBatchRequest(custom_id=c, params=params) for c in inputs["customIds"]]
        body = MessageBatchCreateParams(requests=requests)
        return reply(batches.messages_batches_create_with_http_info(version, body))

    def retrieve_batch(batch_id: str) -> dict[str, Any]:
        return reply(batches.messages_batches_retrieve_with_http_info(batch_id, version))

    def batch_results(results_url: str) -> dict[str, Any]:
        # The operation's server is `results_url`, which the generated module sends literally
        # (`{results_url}`), and its body JSON lines, which it parses as one object: the client's
        # own request machinery (credential, headers) calls the URL, and the user reads the lines.
        request = client.param_serialize(
            method="GET",
            resource_path="",
            header_params={"vendor-version": version, "Accept": "application/x-ndjson"},
            auth_settings=["WorkspaceApiKey"],
            _host=results_url,
        )
        response = client.call_api(*request).response  # urllib3's response, the body read
        return {"status": response.status, "body": response.data.decode()}

    def create_session(inputs: dict[str, Any]) -> dict[str, Any]:
        resource = SessionCreateMemoryStoreResource(type="memory_store", memory_store_id=inputs["memoryStoreId"])
        body = SessionCreateParams(
            agent="agent_generator_matrix",
            environment_id="env_generator_matrix",
            resources=[SessionCreateResource(resource)],
        )
        return reply(sessions.sessions_create_with_http_info(version, inputs["sessionBetas"], body))

    def create_dream(inputs: dict[str, Any], session_id: str) -> dict[str, Any]:
        body = DreamCreateParams(
            model=DreamModel(inputs["model"]),
            inputs=[
                DreamInput(DreamMemoryStoreInput(type="memory_store", memory_store_id=inputs["memoryStoreId"])),
                DreamInput(DreamSessionsInput(type="sessions", session_ids=[session_id])),
            ],
        )
        return reply(dreams.dreams_create_with_http_info(version, inputs["dreamBetas"], body))

    def retrieve_dream(inputs: dict[str, Any], dream_id: str) -> dict[str, Any]:
        return reply(dreams.dreams_retrieve_with_http_info(dream_id, version, inputs["dreamBetas"]))

    calls: dict[str, Callable[..., dict[str, Any]]] = {
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
        # The models hold date-times as `datetime`: written back in RFC 3339, as the SDK sends them.
        sys.stdout.write(json.dumps(answer, default=lambda value: value.isoformat()) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
