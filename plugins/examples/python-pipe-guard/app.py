"""pipe-guard: a wicket classifier, in Python, that refuses a `bash` call which
runs what it downloads (`curl URL | sh` and its spellings), unless every URL
it downloads from is under a prefix the workspace trusts.

Configuration (the policy's `config:` for this plugin), all optional:
    trusted: URL prefixes whose installers may be run (`https://sh.rustup.rs`)
    ruling:  `refuse` (the default) or `hold`
A trusted download is left to the other classifiers (the default one reads
any download as open-world, which the shipped table holds).

Built with componentize-py against the repository's contract (see README.md);
`wit_world` is the binding componentize-py generates from `wit/v0.2.0`.
"""

import json

import wit_world
from componentize_py_types import Err
from wit_world.imports import host
from wit_world.imports.types import (
    Effect,
    Finding,
    Outcome_Abstain,
    Outcome_Findings,
    Ruling,
)

import reading

RULINGS = {"refuse": Ruling.REFUSE, "hold": Ruling.HOLD}
KNOWN_KEYS = {"trusted", "ruling"}
MAX_WHY = 1500


def settings(text):
    """The plugin's configuration, or a sentence saying what is wrong."""
    config = json.loads(text) if text else None
    if config is None:
        return (), Ruling.REFUSE
    if not isinstance(config, dict):
        raise ValueError("pipe-guard's config must be a mapping")
    unknown = sorted(set(config) - KNOWN_KEYS)
    if unknown:
        raise ValueError("pipe-guard's config has unknown keys: %s" % ", ".join(unknown))
    trusted = config.get("trusted", [])
    if not isinstance(trusted, list) or not all(isinstance(t, str) and "://" in t for t in trusted):
        raise ValueError("pipe-guard's `trusted` must be a list of URL prefixes")
    ruling = config.get("ruling", "refuse")
    if ruling not in RULINGS:
        raise ValueError("pipe-guard's `ruling` must be refuse or hold, not %r" % (ruling,))
    return tuple(trusted), RULINGS[ruling]


def where(path):
    """A path as the host resolves it (symlinks followed, `~` and the cwd
    applied), so `./i.sh` and `$PWD/i.sh` are one file."""
    return host.resolve_path(path).path


def clip(text):
    return text if len(text) <= MAX_WHY else text[:MAX_WHY] + "..."


class WitWorld(wit_world.WitWorld):
    def classify(self, request, context):
        if request.tool != "bash":
            return Outcome_Abstain()
        try:
            trusted, ruling = settings(context.config)
        except ValueError as e:
            raise Err(str(e))
        try:
            command = json.loads(request.input).get("command")
        except (ValueError, AttributeError):
            command = None
        if not isinstance(command, str):
            return Outcome_Abstain()
        try:
            found = reading.read(command, resolve=where, trust=trusted)
        except reading.Unreadable as e:
            why = clip("pipe-guard cannot read %s (%s)" % (command, e))
            return Outcome_Findings([Finding(Effect.OPAQUE, why, None)])
        if not found:
            return Outcome_Abstain()
        findings = [
            Finding(Effect.OPEN_WORLD, clip("%s (%s)" % (clause, ", ".join(urls) or "a URL it could not read")), ruling)
            for clause, urls in found
        ]
        return Outcome_Findings(findings)
