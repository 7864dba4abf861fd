#!/usr/bin/env python3
"""Client conformance driver for the `vendor` command-line client (protocol
vendor-client-conformance v1), in Python with the standard library only.

Reads the calls file named by CLIENT_CONFORMANCE_CALLS, runs the command-line client once per
request (its arguments after this script's name, default `vendor`) and prints one JSON line per
outcome. A command-line client takes no constructor arguments: cases that pass some are
reported unsupported (the runner skips them, saying why).

Run: vendor-conformance client --driver "python3 drivers/cli.py npx vendor"
"""
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.parse

CLI = sys.argv[1:] or ["vendor"]
KINDS = {"credentials", "identity_token_file_not_found", "exchange", "api"}


class Failed(Exception):
    def __init__(self, error):
        super().__init__(error.get("message", ""))
        self.error = error


def cli(plan, *args):
    """Runs the client; its JSON output, its text output, or Failed with the protocol's error."""
    command = [*CLI, *args, "--base-url", plan["base_url"], "--max-retries", "0", "--json-errors"]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode == 0:
        return done.stdout
    error = {"kind": "other", "message": done.stderr.strip()[-500:]}
    for line in reversed(done.stderr.splitlines()):
        if line.startswith("{"):
            error = json.loads(line)["error"]
            break
    kind = error["kind"] if error["kind"] in KINDS else "other"
    raise Failed({**{k: error.get(k) for k in ("status", "request_id", "type", "message")}, "kind": kind})


def messages_create(plan, call):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as body:
        json.dump(call["params"], body)
    return {"id": json.loads(cli(plan, "request", "POST", "/v1/messages", "-d", "@" + body.name))["id"]}


def rate_limits_all(plan, call):
    count, page = 0, None
    while True:
        query = ["-q", "page=" + page] if page else []
        answer = json.loads(cli(plan, "request", "GET", "/v1/organizations/rate_limits", *query))
        count += len(answer["data"])
        page = answer.get("next_page")
        if not page:
            return {"count": count}


def batch_results(plan, call):
    batch = json.loads(cli(plan, "request", "GET", "/v1/messages/batches/" + call["batch_id"]))
    url = urllib.parse.urlsplit(batch["results_url"])
    lines = cli(plan, "request", "GET", url.path + ("?" + url.query if url.query else ""))
    types = {}
    for line in lines.splitlines():
        if line.strip():
            result = json.loads(line)
            types[result["custom_id"]] = result["result"]["type"]
    return {custom_id: types.get(custom_id) for custom_id in call["custom_ids"]}


def dream_settled(plan, call):
    while True:
        dream = json.loads(cli(plan, "request", "GET", "/v1/dreams/" + call["dream_id"]))
        if dream["status"] not in ("pending", "running"):
            return {"status": dream["status"]}
        time.sleep(call["interval_ms"] / 1000)


def wait(plan, call):
    time.sleep(call["seconds"])


OPS = {
    "messages.create": messages_create,
    "organizations.rate_limits.list": rate_limits_all,
    "messages.batches.results": batch_results,
    "dreams.retrieve": dream_settled,
    "wait": wait,
}


def main():
    with open(os.environ["CLIENT_CONFORMANCE_CALLS"]) as f:
        plan = json.load(f)
    out = lambda line: print(json.dumps(line), flush=True)  # noqa: E731
    if plan["options"]:
        message = "a command-line client takes no constructor arguments"
        out({"id": "construct", "ok": False, "error": {"kind": "unsupported", "message": message}})
        return
    out({"id": "construct", "ok": True})
    for call in plan["calls"]:
        try:
            result = OPS[call["op"]](plan, call)
            out({"id": call["id"], "ok": True, **({} if result is None else {"result": result})})
        except Failed as failure:
            out({"id": call["id"], "ok": False, "error": failure.error})
            break


main()
