#!/usr/bin/env python3
"""An EXAMPLE server for a subset of the vendor API, in Python with the standard library only.

It shows that the project's conformance suite judges a server written in any language. It is not
the reference server and not production code: state lives in memory, the "model" is a
deterministic stand-in, and only these operations exist:

  POST   /v1/messages                          a stand-in reply with token usage
  POST   /v1/messages/count_tokens             the input tokens the same request would use
  POST   /v1/messages/batches                  create a batch (in_progress)
  GET    /v1/messages/batches                  list the workspace's batches (limit, after_id)
  GET    /v1/messages/batches/{id}             retrieve a batch
  GET    /v1/messages/batches/{id}/results     the results as JSON lines (the batch's results_url)
  POST   /v1/messages/batches/{id}/cancel      cancel (not shown by the documents; see README)
  DELETE /v1/messages/batches/{id}             delete an ended batch (not shown either)
  POST   /v1/organizations/workspaces/{id}/archive   archive a workspace, revoking its keys (admin)

plus the conformance control API under /_control (see README.md). Run: python3 server.py --port 0
"""

import argparse
import json
import math
import os
import re
import secrets
import sys
import threading
import time
import uuid
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

API_VERSION = "2023-06-01"
VERSION_HEADER = "vendor-version"
CONTROL_TOKEN_HEADER = "test-control-token"
MODELS = ("vendor-opus-4-7", "vendor-sonnet-4-6")

HOUR_MS = 60 * 60 * 1000
PROCESSING_DEADLINE_MS = 24 * HOUR_MS  # expires_at: 24 hours after creation
RESULTS_RETENTION_MS = 29 * 24 * HOUR_MS  # results downloadable until 29 days after creation
MAX_BATCH_REQUESTS = 100_000
MAX_BATCH_BYTES = 256 * 1024 * 1024  # "256 MB", read as 2^20-byte megabytes
CUSTOM_ID = re.compile(r"[a-zA-Z0-9_-]{1,64}")
BASE64 = re.compile(r"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?")
LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX = 20, 100
AUTO_PROCESS_DELAY_MS = 1000  # without the drive-batches capability, batches end on their own

# Seeded bugs: each breaks one documented requirement, so that the suite can be seen to catch it.
BUGS = {
    # The documents show no HTTP-level errors of batch creation: the suite's own policy expects a
    # refusal, so this one is flagged by an advisory, not failed.
    "duplicate-custom-id": "a batch whose requests share a custom_id is accepted (the suite advises a refusal)",
    "earlier-thinking-counted": "count_tokens counts thinking blocks of earlier assistant turns (they are ignored)",
    "expires-at-25h": "expires_at is 25 hours after created_at (it is 24)",
}


class ApiError(Exception):
    """An answer with the error body {"type": "error", "error": {"type": ..., "message": ...}}."""

    def __init__(self, status, error_type, message):
        super().__init__(message)
        self.status, self.error_type, self.message = status, error_type, message


def invalid(message):
    return ApiError(400, "invalid_request_error", message)


def not_found(message):
    return ApiError(404, "not_found_error", message)


# --------------------------------------------------------------------------------------------
# Clock: the wall clock plus an offset the control API can advance. Every timestamp, the 24-hour
# expiry and the 29-day retention read it.


class Clock:
    def __init__(self):
        self.offset_ms = 0

    def now(self):
        return int(time.time() * 1000) + self.offset_ms

    def advance(self, ms):
        self.offset_ms += ms


def rfc3339(ms):
    return datetime.fromtimestamp(ms / 1000, timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


# --------------------------------------------------------------------------------------------
# Request shapes (messages, token counting, batch params). Only what the documents state is
# refused; fields and kinds they do not show are let through.


def is_int(x):
    return type(x) is int or (type(x) is float and x.is_integer())


def check_string(value, at):
    if not isinstance(value, str):
        raise invalid(f"{at}: must be a string")


def check_block(block, role, at):
    if not isinstance(block, dict) or not isinstance(block.get("type"), str):
        raise invalid(f"{at}: must be a content block (an object with a string type)")
    kind = block["type"]
    if kind == "text":
        check_string(block.get("text"), f"{at}.text")
    elif kind == "image":
        source = block.get("source")
        if not isinstance(source, dict) or not isinstance(source.get("type"), str):
            raise invalid(f"{at}.source: must be an object with a string type")
        if source["type"] == "base64":
            check_string(source.get("media_type"), f"{at}.source.media_type")
            data = source.get("data")
            if not isinstance(data, str) or not BASE64.fullmatch(data):
                raise invalid(f"{at}.source.data: must be a base64 string")
    elif kind == "thinking":
        if role != "assistant":
            raise invalid(f"{at}: thinking blocks belong to assistant turns only")
        check_string(block.get("thinking"), f"{at}.thinking")
        check_string(block.get("signature"), f"{at}.signature")
    # Other block kinds are not shown by the documents: accepted as they are.


def check_turns(messages, at="messages"):
    if not isinstance(messages, list):
        raise invalid(f"{at}: must be an array of turns")
    for i, turn in enumerate(messages):
        where = f"{at}[{i}]"
        if not isinstance(turn, dict):
            raise invalid(f"{where}: must be an object with role and content")
        role = turn.get("role")
        if role not in ("user", "assistant"):
            raise invalid(f"{where}.role: must be user or assistant")
        content = turn.get("content")
        if isinstance(content, str):
            continue
        if not isinstance(content, list):
            raise invalid(f"{where}.content: must be a string or an array of blocks")
        for j, block in enumerate(content):
            check_block(block, role, f"{where}.content[{j}]")


def check_model(body, at="model"):
    model = body.get("model")
    if not isinstance(model, str):
        raise invalid(f"{at}: required, a string")
    if model not in MODELS:
        raise not_found(f"{at}: unknown model {model!r}; this server knows {', '.join(MODELS)}")


def check_tools(tools):
    if not isinstance(tools, list):
        raise invalid("tools: must be an array of tool definitions")
    for i, tool in enumerate(tools):
        at = f"tools[{i}]"
        if not isinstance(tool, dict):
            raise invalid(f"{at}: must be an object")
        if isinstance(tool.get("type"), str):
            continue  # a tool kind other than the custom tool: not shown, accepted
        check_string(tool.get("name"), f"{at}.name")
        if "description" in tool:
            check_string(tool["description"], f"{at}.description")
        schema = tool.get("input_schema")
        if not isinstance(schema, dict) or schema.get("type") != "object":
            raise invalid(f"{at}.input_schema: must be an object schema ({{type: object, ...}})")
        if "properties" in schema and not isinstance(schema["properties"], dict):
            raise invalid(f"{at}.input_schema.properties: must be a map")
        required = schema.get("required", [])
        if not isinstance(required, list) or not all(isinstance(r, str) for r in required):
            raise invalid(f"{at}.input_schema.required: must be an array of strings")


def check_thinking_config(config):
    if not isinstance(config, dict) or not isinstance(config.get("type"), str):
        raise invalid("thinking: must be an object with a string type")
    if config["type"] == "enabled":  # other kinds are not shown: accepted
        budget = config.get("budget_tokens")
        if not is_int(budget) or budget < 0:
            raise invalid("thinking.budget_tokens: must be a non-negative integer")


def check_message_params(body, min_max_tokens=0):
    """The creation parameters of messages.create, and (min_max_tokens=1) of a batch request."""
    if not isinstance(body, dict):
        raise invalid("the body must be a JSON object")
    max_tokens = body.get("max_tokens")
    if not is_int(max_tokens) or max_tokens < min_max_tokens:
        raise invalid(f"max_tokens: required, an integer of at least {min_max_tokens}")
    check_turns(body.get("messages"))
    check_model(body)


def check_count_params(body):
    if not isinstance(body, dict):
        raise invalid("the body must be a JSON object")
    check_turns(body.get("messages"))
    if "system" in body:
        check_string(body["system"], "system")
    if "tools" in body:
        check_tools(body["tools"])
    if "thinking" in body:
        check_thinking_config(body["thinking"])
    check_model(body)


# --------------------------------------------------------------------------------------------
# The stand-in model: words and punctuation are tokens (a long word counts one token per four
# characters); each turn adds 3. The same function counts for count_tokens and for usage.

TOKEN = re.compile(r"\w+|[^\w\s]")


def tokens(text):
    return sum(math.ceil(len(t) / 4) for t in TOKEN.findall(text))


def input_tokens(body, bug=None):
    turns = body["messages"]
    n = 0
    for i, turn in enumerate(turns):
        n += 3
        content = turn["content"]
        if isinstance(content, str):
            n += tokens(content)
            continue
        current = i == len(turns) - 1 and turn["role"] == "assistant"
        for block in content:
            kind = block["type"]
            if kind == "text":
                n += tokens(block["text"])
            elif kind == "thinking":
                # Thinking of earlier assistant turns is ignored; in the current one it counts.
                if current or bug == "earlier-thinking-counted":
                    n += 1 + tokens(block["thinking"])
            elif kind == "image":
                n += 16 + len(json.dumps(block["source"])) // 64
            else:
                n += tokens(json.dumps(block))
    if isinstance(body.get("system"), str):
        n += 1 + tokens(body["system"])
    for tool in body.get("tools") or []:
        n += 2 + tokens(json.dumps(tool))
    return n


def stand_in_message(body, bug=None):
    """A deterministic reply: a fixed sentence cut to max_tokens tokens."""
    words = f"This is a stand-in reply from {body['model']} to a conversation of {len(body['messages'])} turns.".split()
    text, output = "", 0
    for word in words:
        candidate = f"{text} {word}".strip()
        if tokens(candidate) > body["max_tokens"]:
            break
        text, output = candidate, tokens(candidate)
    return {
        "id": "msg_" + secrets.token_hex(12),
        "type": "message",
        "role": "assistant",
        "content": [{"type": "text", "text": text}] if text else [],
        "model": body["model"],
        "stop_reason": "end_turn" if text == " ".join(words) else "max_tokens",
        "usage": {"input_tokens": input_tokens(body, bug), "output_tokens": output},
    }


# --------------------------------------------------------------------------------------------
# State: organizations, workspaces, keys, batches. One lock guards all of it.


class Batch:
    def __init__(self, workspace_id, requests, created_ms, expires_ms):
        self.id = "msgbatch_" + secrets.token_hex(12)
        self.workspace_id = workspace_id
        self.requests = requests  # [{"custom_id", "params"}] as sent
        self.results = {}  # custom_id -> result
        self.created, self.expires = created_ms, expires_ms
        self.ended = self.cancel_initiated = None

    @property
    def in_progress(self):
        return self.ended is None


class State:
    def __init__(self, base_url, clock, bug, drive_batches):
        self.lock = threading.RLock()
        self.base_url, self.clock, self.bug, self.drive_batches = base_url, clock, bug, drive_batches
        self.organizations = {}  # id -> {"admin_key"}
        self.workspaces = {}  # id -> {"organization_id", "name", "archived_at"}
        self.keys = {}  # key -> ("admin", organization_id, None) | ("workspace", organization_id, workspace_id)
        self.batches = {}  # id -> Batch
        self.by_workspace = {}  # workspace id -> [batch ids, oldest first]
        org = self.create_organization()
        ws, key = self.create_workspace(org, "example")
        self.target = {"admin_key": self.organizations[org]["admin_key"], "workspace_key": key,
                       "workspace_id": ws, "organization_id": org}

    def create_organization(self):
        org = str(uuid.uuid4())
        admin_key = "sk-vendor-admin01-" + secrets.token_urlsafe(24)
        self.organizations[org] = {"admin_key": admin_key}
        self.keys[admin_key] = ("admin", org, None)
        return org

    def create_workspace(self, org, name):
        ws = "wrkspc_" + secrets.token_hex(12)
        key = "sk-vendor-api03-" + secrets.token_urlsafe(24)
        self.workspaces[ws] = {"organization_id": org, "name": name, "archived_at": None}
        self.keys[key] = ("workspace", org, ws)
        return ws, key

    # ---- batches

    def create_batch(self, workspace_id, requests):
        now = self.clock.now()
        hours = 25 if self.bug == "expires-at-25h" else 24
        batch = Batch(workspace_id, requests, now, now + hours * HOUR_MS)
        self.batches[batch.id] = batch
        self.by_workspace.setdefault(workspace_id, []).append(batch.id)
        return batch

    def batch_of(self, workspace_id, batch_id):
        batch = self.batches.get(batch_id)
        if batch is None or batch.workspace_id != workspace_id:
            raise not_found(f"message batch {batch_id!r} not found in this workspace")
        self.settle(batch)
        return batch

    def settle(self, batch):
        """Applies what the clock has done since the batch was last seen."""
        if not batch.in_progress:
            return
        now = self.clock.now()
        if not self.drive_batches and now >= batch.created + AUTO_PROCESS_DELAY_MS:
            self.process(batch, batch.created + AUTO_PROCESS_DELAY_MS)
        elif now >= batch.created + PROCESSING_DEADLINE_MS:
            for r in batch.requests:  # the 24-hour deadline: every unsent request expires
                batch.results.setdefault(r["custom_id"], {"type": "expired"})
            batch.ended = batch.created + PROCESSING_DEADLINE_MS

    def process(self, batch, at, internal_errors=(), only=None):
        """Sends the unsent requests (those of `only`, when given) to the stand-in model; the batch
        ends once every request has its result."""
        for r in batch.requests:
            if r["custom_id"] in batch.results or (only is not None and r["custom_id"] not in only):
                continue
            try:
                check_message_params(r["params"], min_max_tokens=1)
                if r["custom_id"] in internal_errors:
                    raise ApiError(500, "api_error", "internal server error while processing the request")
                result = {"type": "succeeded", "message": stand_in_message(r["params"], self.bug)}
            except ApiError as e:
                if e.error_type == "not_found_error":  # an unknown model: the body must be fixed
                    e.error_type = "invalid_request_error"
                result = {"type": "errored", "error": error_body(e)}
            batch.results[r["custom_id"]] = result
        if all(r["custom_id"] in batch.results for r in batch.requests):
            batch.ended = at

    def cancel(self, batch):
        if not batch.in_progress:
            raise invalid(f"message batch {batch.id} has already ended; it cannot be canceled")
        now = self.clock.now()
        batch.cancel_initiated = now
        for r in batch.requests:  # nothing was sent yet: every request is canceled
            batch.results.setdefault(r["custom_id"], {"type": "canceled"})
        batch.ended = now

    def delete(self, batch):
        if batch.in_progress:
            raise invalid(f"message batch {batch.id} is in progress; cancel it or let it end first")
        del self.batches[batch.id]
        self.by_workspace[batch.workspace_id].remove(batch.id)

    def render(self, batch):
        counts = {"processing": 0, "succeeded": 0, "errored": 0, "canceled": 0, "expired": 0}
        for r in batch.requests:
            counts[batch.results[r["custom_id"]]["type"] if r["custom_id"] in batch.results else "processing"] += 1
        return {
            "id": batch.id,
            "type": "message_batch",
            "processing_status": "in_progress" if batch.in_progress else "ended",
            "request_counts": counts,
            "created_at": rfc3339(batch.created),
            "expires_at": rfc3339(batch.expires),
            "ended_at": None if batch.ended is None else rfc3339(batch.ended),
            "cancel_initiated_at": None if batch.cancel_initiated is None else rfc3339(batch.cancel_initiated),
            "results_url": None if batch.in_progress else f"{self.base_url}/v1/messages/batches/{batch.id}/results",
        }


def error_body(e):
    return {"type": "error", "error": {"type": e.error_type, "message": e.message}}


# --------------------------------------------------------------------------------------------
# Operations of the documented API. Each takes (state, caller, body, query, *path) and returns
# (status, JSON value) or (status, text, content type).


def op_messages_create(state, caller, body, query):
    check_message_params(body)
    return 200, stand_in_message(body, state.bug)


def op_count_tokens(state, caller, body, query):
    check_count_params(body)
    return 200, {"input_tokens": input_tokens(body, state.bug)}


def op_batches_create(state, caller, body, query):
    if not isinstance(body, dict):
        raise invalid("the body must be a JSON object")
    requests = body.get("requests")
    if not isinstance(requests, list) or not requests:
        raise invalid("requests: required, a non-empty array of request items")
    if len(requests) > MAX_BATCH_REQUESTS:
        raise invalid(f"requests: at most {MAX_BATCH_REQUESTS} items per batch")
    seen = set()
    for i, item in enumerate(requests):
        if not isinstance(item, dict):
            raise invalid(f"requests[{i}]: must be an object with custom_id and params")
        custom_id = item.get("custom_id")
        if not isinstance(custom_id, str) or not CUSTOM_ID.fullmatch(custom_id):
            raise invalid(f"requests[{i}].custom_id: must match ^[a-zA-Z0-9_-]{{1,64}}$")
        if custom_id in seen and state.bug != "duplicate-custom-id":
            raise invalid(f"requests[{i}].custom_id: {custom_id!r} is used more than once in the batch")
        seen.add(custom_id)
        # params are validated when the request is processed: failures become errored results.
        if not isinstance(item.get("params"), dict):
            raise invalid(f"requests[{i}].params: must be an object (the message creation parameters)")
    items = [{"custom_id": r["custom_id"], "params": r["params"]} for r in requests]
    return 200, state.render(state.create_batch(caller, items))


def op_batches_list(state, caller, body, query):
    for name, values in query.items():
        if name in ("limit", "after_id") and len(values) > 1:
            raise invalid(f"{name}: given more than once")
    limit = query.get("limit", [str(LIST_LIMIT_DEFAULT)])[0]
    if not re.fullmatch(r"[0-9]+", limit) or not 1 <= int(limit) <= LIST_LIMIT_MAX:
        raise invalid(f"limit: must be an integer from 1 to {LIST_LIMIT_MAX}")
    ids = list(reversed(state.by_workspace.get(caller, [])))  # newest first
    if "after_id" in query:
        after = query["after_id"][0]
        if after not in ids:
            raise invalid(f"after_id: {after!r} is not a batch of this workspace")
        ids = ids[ids.index(after) + 1:]
    page = ids[: int(limit)]
    data = []
    for batch_id in page:
        batch = state.batches[batch_id]
        state.settle(batch)
        data.append(state.render(batch))
    return 200, {"data": data, "has_more": len(ids) > len(page), "last_id": page[-1] if page else None}


def op_batches_retrieve(state, caller, body, query, batch_id):
    return 200, state.render(state.batch_of(caller, batch_id))


def op_batches_results(state, caller, body, query, batch_id):
    batch = state.batch_of(caller, batch_id)
    if batch.in_progress:
        raise invalid(f"message batch {batch.id} is still in progress; results are ready once it has ended")
    if state.clock.now() >= batch.created + RESULTS_RETENTION_MS:
        raise not_found(f"the results of message batch {batch.id} are past their 29-day retention")
    lines = [json.dumps({"custom_id": r["custom_id"], "result": batch.results[r["custom_id"]]}) for r in batch.requests]
    return 200, "".join(line + "\n" for line in lines), "application/x-ndjson"


def op_batches_cancel(state, caller, body, query, batch_id):
    batch = state.batch_of(caller, batch_id)
    state.cancel(batch)
    return 200, state.render(batch)


def op_batches_delete(state, caller, body, query, batch_id):
    batch = state.batch_of(caller, batch_id)
    state.delete(batch)
    return 200, {"id": batch.id, "type": "message_batch_deleted"}


def op_workspace_archive(state, caller, body, query, workspace_id):
    ws = state.workspaces.get(workspace_id)
    if ws is None or ws["organization_id"] != caller:
        raise not_found(f"workspace {workspace_id!r} not found in this organization")
    if ws["archived_at"] is None:
        ws["archived_at"] = state.clock.now()
        for key, (kind, _, of) in list(state.keys.items()):
            if kind == "workspace" and of == workspace_id:
                del state.keys[key]  # archiving revokes every key of the workspace
    return 200, {"id": workspace_id, "type": "workspace", "name": ws["name"], "archived_at": rfc3339(ws["archived_at"])}


BATCH = r"/v1/messages/batches/([^/]+)"
# (method, path pattern, credential kind, operation, whether a JSON body is required)
ROUTES = [
    ("POST", r"/v1/messages", "workspace", op_messages_create, True),
    ("POST", r"/v1/messages/count_tokens", "workspace", op_count_tokens, True),
    ("POST", r"/v1/messages/batches", "workspace", op_batches_create, True),
    ("GET", r"/v1/messages/batches", "workspace", op_batches_list, False),
    ("GET", BATCH, "workspace", op_batches_retrieve, False),
    ("DELETE", BATCH, "workspace", op_batches_delete, False),
    ("GET", BATCH + r"/results", "workspace", op_batches_results, False),
    ("POST", BATCH + r"/cancel", "workspace", op_batches_cancel, False),
    ("POST", r"/v1/organizations/workspaces/([^/]+)/archive", "admin", op_workspace_archive, False),
]


# --------------------------------------------------------------------------------------------
# The conformance control API: /_control/..., every call with the test-control-token header.


def control_capabilities(state):
    drives = ["drive-batches", "batch-internal-errors", "batch-partial-processing"]
    caps = ["clock", "workspaces"] + (drives if state.drive_batches else [])
    return {"protocol": "api-conformance-control", "version": 1, "capabilities": caps, "target": state.target}


def control_advance(state, body):
    ms = body.get("ms") if isinstance(body, dict) else None
    if not is_int(ms) or ms < 0:
        raise invalid("ms: required, a non-negative integer")
    state.clock.advance(int(ms))
    return {"now": rfc3339(state.clock.now())}


def control_workspace(state, body, org):
    if org not in state.organizations:
        raise not_found(f"organization {org!r} not found")
    name = body.get("name", "workspace") if isinstance(body, dict) else "workspace"
    ws, key = state.create_workspace(org, str(name))
    return {"id": ws, "workspace_key": key}


def control_complete(state, body, batch_id, partial=False):
    if not state.drive_batches:
        raise not_found("this server processes batches on its own (started with --no-drive-batches)")
    batch = state.batches.get(batch_id)
    if batch is None:
        raise not_found(f"message batch {batch_id!r} not found")
    state.settle(batch)
    if not batch.in_progress:
        raise ApiError(409, "conflict_error", f"message batch {batch_id} has already ended")
    ids = {r["custom_id"] for r in batch.requests if r["custom_id"] not in batch.results}
    only = None
    if partial:  # batch-partial-processing: only these requests; the others stay unsent
        only = body.get("custom_ids") if isinstance(body, dict) else None
        if not isinstance(only, list) or len(set(map(str, only))) != len(only) or not all(
                isinstance(i, str) and i in ids for i in only):
            raise invalid("custom_ids: must list distinct custom ids of the batch's unsent requests")
        ids = set(only)
    internal = body.get("internal_errors", []) if isinstance(body, dict) else []
    if not isinstance(internal, list) or not all(isinstance(i, str) and i in ids for i in internal):
        raise invalid("internal_errors: must list custom ids of the requests processed now")
    state.process(batch, state.clock.now(), set(internal), None if only is None else set(only))
    return state.render(batch)


CONTROL_ROUTES = [
    ("GET", r"/_control/capabilities", lambda s, b: control_capabilities(s)),
    ("GET", r"/_control/clock", lambda s, b: {"now": rfc3339(s.clock.now())}),
    ("POST", r"/_control/clock/advance", control_advance),
    ("POST", r"/_control/organizations/([^/]+)/workspaces", control_workspace),
    ("POST", r"/_control/batches/([^/]+)/complete", control_complete),
    ("POST", r"/_control/batches/([^/]+)/process", lambda s, b, i: control_complete(s, b, i, partial=True)),
]


# --------------------------------------------------------------------------------------------
# HTTP


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "vendor-python-example/1"
    state: State = None
    control_token: str = None
    verbose = False

    def do_GET(self):
        self.handle_any()

    do_POST = do_DELETE = do_PUT = do_PATCH = do_GET

    def log_message(self, format, *args):
        if self.verbose:
            super().log_message(format, *args)

    def handle_any(self):
        request_id = "req_" + secrets.token_hex(12)
        try:
            raw = self.read_body()
            status, payload, content_type = self.dispatch(raw)
        except ApiError as e:
            status, payload, content_type = e.status, error_body(e), None
        except Exception as e:  # a bug of this example: still an error body
            print(f"internal error: {e!r}", file=sys.stderr)
            status, payload = 500, error_body(ApiError(500, "api_error", "internal server error"))
            content_type = None
        text = payload if content_type else json.dumps(payload)
        data = text.encode("utf-8")
        try:
            self.send_response(status)
            self.send_header("content-type", content_type or "application/json")
            self.send_header("content-length", str(len(data)))
            self.send_header("request-id", request_id)
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True  # the client went away

    def read_body(self):
        length = self.headers.get("content-length") or "0"
        if self.headers.get("transfer-encoding") or not length.isdigit():
            self.close_connection = True  # the body cannot be read: the connection ends here
            raise ApiError(411, "invalid_request_error", "send the body with a valid content-length")
        length = int(length)
        if length > MAX_BATCH_BYTES:  # read and drop it, then refuse
            while length > 0:
                chunk = self.rfile.read(min(length, 1 << 20))
                length = length - len(chunk) if chunk else 0
            raise ApiError(413, "request_too_large", f"the body exceeds {MAX_BATCH_BYTES} bytes (256 MB)")
        return self.rfile.read(length) if length else b""

    def dispatch(self, raw):
        url = urlsplit(self.path)
        path = url.path.rstrip("/") or "/"
        if path.startswith("/_control"):
            return self.dispatch_control(path, raw)
        route, args, methods = None, (), []
        for method, pattern, kind, op, needs_body in ROUTES:
            m = re.fullmatch(pattern, path)
            if m:
                methods.append(method)
                if method == self.command:
                    route, args = (kind, op, needs_body), tuple(unquote(g) for g in m.groups())
        if route is None:
            if methods:
                raise ApiError(405, "invalid_request_error", f"{self.command} is not allowed on {path}")
            raise not_found(f"no operation at {self.command} {path}")
        kind, op, needs_body = route
        caller = self.authenticate(kind)
        version = self.headers.get(VERSION_HEADER)
        if version != API_VERSION:
            raise invalid(f"{VERSION_HEADER}: required, {API_VERSION}")
        body = parse_json(raw) if needs_body else None
        query = parse_qs(url.query, keep_blank_values=True)
        with self.state.lock:
            result = op(self.state, caller, body, query, *args)
        return result if len(result) == 3 else (*result, None)

    def authenticate(self, kind):
        """The caller of a key of the right kind: its workspace id, or for admin keys its organization."""
        if self.headers.get("authorization"):
            raise ApiError(401, "authentication_error", "access tokens are not supported by this example server")
        key = self.headers.get("x-api-key")
        if not key:
            raise ApiError(401, "authentication_error", "x-api-key: an API key is required")
        with self.state.lock:
            found = self.state.keys.get(key)
        if found is None:
            raise ApiError(401, "authentication_error", "invalid API key")
        key_kind, org, workspace = found
        if key_kind != kind:
            names = {"workspace": "a workspace API key", "admin": "an admin API key"}
            raise ApiError(403, "permission_error", f"this endpoint takes {names[kind]}, not {names[key_kind]}")
        return workspace if kind == "workspace" else org

    def dispatch_control(self, path, raw):
        token = self.headers.get(CONTROL_TOKEN_HEADER) or ""
        if not secrets.compare_digest(token.encode(), self.control_token.encode()):
            raise ApiError(401, "authentication_error", f"{CONTROL_TOKEN_HEADER}: the control token is required")
        for method, pattern, fn in CONTROL_ROUTES:
            m = re.fullmatch(pattern, path)
            if m and method == self.command:
                body = parse_json(raw) if raw else {}
                with self.state.lock:
                    return 200, fn(self.state, body, *(unquote(g) for g in m.groups())), None
        raise not_found(f"no control operation at {self.command} {path}")


def parse_json(raw):
    def refuse(constant):
        raise ValueError(f"{constant} is not JSON")

    try:
        return json.loads(raw.decode("utf-8"), parse_constant=refuse)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise invalid("the body must be JSON") from None


def main():
    parser = argparse.ArgumentParser(description="Example vendor API server (a subset), for the conformance suite.")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0: any free port)")
    parser.add_argument("--bug", default=os.environ.get("EXAMPLE_BUG") or None, choices=sorted(BUGS),
                        help="switch on one seeded bug (also EXAMPLE_BUG=name)")
    parser.add_argument("--no-drive-batches", action="store_true",
                        help="no drive-batches capability: batches end on their own about 1 s after creation")
    parser.add_argument("--verbose", action="store_true", help="log every request to stderr")
    args = parser.parse_args()

    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    base_url = f"http://127.0.0.1:{server.server_address[1]}"
    Handler.state = State(base_url, Clock(), args.bug, drive_batches=not args.no_drive_batches)
    Handler.control_token = secrets.token_urlsafe(24)
    Handler.verbose = args.verbose
    target = Handler.state.target
    print(f"base URL: {base_url}")
    print(f"control URL: {base_url}/_control")
    print(f"control token: {Handler.control_token}")
    print(f"admin key: {target['admin_key']}")
    print(f"workspace key: {target['workspace_key']}")
    print(f"workspace id: {target['workspace_id']}")
    print(f"organization id: {target['organization_id']}")
    if args.bug:
        print(f"seeded bug: {args.bug} ({BUGS[args.bug]})")
    sys.stdout.flush()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
