"""Reads one schemathesis run's NDJSON report (scripts/api-fuzz.sh) and fails unless the run really
tested what it claims: schemathesis passes an operation it skipped, and passes a run whose
credential was refused everywhere the document allows a 401. Prints what was tested.

usage: api-fuzz-verify.py REPORT.ndjson DOCS.json session|bearer EXCLUDED_OPERATION...
"""

import base64
import collections
import json
import sys

# The answers of a refused credential (a 401 `wechat_session_missing` or `wrong_verification_code`
# is an answer about something else).
REFUSALS = {"unauthorized", "invalid_token", "insufficient_scope", "token_not_allowed"}
CHECKS = [
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_schema_conformance",
    "negative_data_rejection",
    "unsupported_method",
]
METHODS = ["get", "put", "post", "delete", "patch", "options", "head", "trace"]


def main() -> int:
    report, docs, scheme, *excluded = sys.argv[1:]
    with open(docs, encoding="utf-8") as f:
        doc = json.load(f)
    # Operation → whether its documented security admits this credential.
    admits = {}
    for path, item in doc["paths"].items():
        for method in METHODS:
            if method in item:
                label = f"{method.upper()} {path}"
                if label not in excluded:
                    security = item[method].get("security", [])
                    # `{}`: public, which admits any valid credential too.
                    admits[label] = any(
                        requirement == {} or scheme in requirement for requirement in security
                    )

    phases = collections.defaultdict(dict)  # label → phase → scenario status
    statuses = collections.defaultdict(collections.Counter)  # label → status code → count
    checks = collections.Counter()  # (check, status) → count
    refused = collections.defaultdict(set)  # label → codes of refusals
    requests = 0
    with open(report, encoding="utf-8") as f:
        for line in f:
            event = json.loads(line)
            scenario = event.get("ScenarioFinished")
            if scenario is None:
                continue
            recorder = scenario["recorder"]
            label = recorder["label"]
            phase = scenario["phase"]
            # A scenario that failed anywhere counts as failed for its phase.
            if phases[label].get(phase) != "failure":
                phases[label][phase] = scenario["status"]
            for results in recorder.get("checks", {}).values():
                for check in results:
                    checks[check["name"], check["status"]] += 1
            for interaction in recorder.get("interactions", {}).values():
                response = interaction.get("response")
                if response is None:
                    continue
                requests += 1
                status = response["status_code"]
                statuses[label][status] += 1
                if status in (401, 403):
                    code = error_code(response)
                    if code in REFUSALS:
                        refused[label].add(code)

    problems = []
    for label, admitted in sorted(admits.items()):
        for phase in ("coverage", "fuzzing"):
            status = phases[label].get(phase)
            if status != "success":
                problems.append(f"{label}: the {phase} phase ended with {status or 'nothing'}")
        if not statuses[label]:
            problems.append(f"{label}: no request got an answer")
        if admitted and refused[label]:
            problems.append(
                f"{label}: documented for this credential, yet refused it "
                f"({', '.join(sorted(refused[label]))})"
            )
    untested = sorted(set(phases) - set(admits))
    if untested:
        problems.append(f"operations tested that should have been excluded: {untested}")
    for check in CHECKS:
        if checks[check, "success"] == 0:
            problems.append(f"the check {check} never ran")
    failed = {name: n for (name, status), n in checks.items() if status != "success"}
    if failed:
        problems.append(f"checks that did not pass: {failed}")

    classes = collections.Counter()
    for counter in statuses.values():
        for status, n in counter.items():
            classes[f"{status // 100}xx"] += n
    print(
        f"api-fuzz: {len(admits)} operations, {requests} requests "
        f"({', '.join(f'{k} {v}' for k, v in sorted(classes.items()))}); "
        + ", ".join(f"{check} passed {checks[check, 'success']}" for check in CHECKS)
    )
    never_2xx = sorted(
        label for label in admits if not any(200 <= s < 300 for s in statuses[label])
    )
    if never_2xx:
        # Expected: these need what a fuzzer cannot have (a WeChat cookie, an SMS code) or a
        # credential the document refuses; listed so a change in the set is noticed.
        print(f"api-fuzz: never answered 2xx: {', '.join(never_2xx)}")
    for problem in problems:
        print(f"api-fuzz: FAIL {problem}", file=sys.stderr)
    return 1 if problems else 0


def error_code(response: dict) -> str | None:
    content = response.get("content")
    if not isinstance(content, dict) or "$base64" not in content:
        return None
    try:
        return json.loads(base64.b64decode(content["$base64"])).get("code")
    except (ValueError, AttributeError):
        return None


if __name__ == "__main__":
    sys.exit(main())
