"""What the golden checkers share: run caqa for its JSON, and report the differences."""
import json
import subprocess


def caqa_json(cmd):
    """The parsed stdout of cmd, or None (after printing why) when it failed."""
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode != 0:
        print(f"FAIL: {' '.join(cmd)} exited {run.returncode}\n{run.stderr}")
        return None
    return json.loads(run.stdout)


def verdict(cmd, problems, ok_message):
    """Exit status of a checker: 1 with every problem listed, else 0."""
    if problems:
        print("FAIL: " + " ".join(cmd))
        for p in problems:
            print("  " + p)
        return 1
    print(f"ok: {ok_message}")
    return 0
