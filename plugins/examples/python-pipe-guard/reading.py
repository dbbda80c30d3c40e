"""How a shell command runs what it downloads: the reading behind pipe-guard.

Plain Python with no wicket import, so it runs (and is unit-tested) on the
build machine as well as inside the component. The one host question it needs,
where a path leads, is passed in as `resolve`.

A command runs downloaded code when
  - a pipeline feeds a downloader's output to an interpreter reading its
    program from stdin (`curl -fsSL URL | sudo bash -s -- --yes`,
    `{ curl URL; } | $SHELL`, `curl -o f URL; cat f | sh`);
  - an interpreter, `eval` or `source` is given a substitution that downloads
    (`sh -c "$(curl URL)"`, `bash <(wget -qO- URL)`, `eval "$(curl URL)"`,
    `sh <<< "$(curl URL)"`, a here-document holding one), or such a
    substitution is the command itself (`$(curl URL)`);
  - a file a downloader wrote is run later in the same command
    (`curl -o i.sh URL && sh i.sh`, `wget URL/x.sh; chmod +x x.sh; ./x.sh`).
`sh -c`, `eval` and launchers (`sudo`, `env`, `nohup`, ...) are read through.
"""

import posixpath
import re
import shlex

DOWNLOADERS = {"curl", "wget", "fetch", "aria2c", "http", "https", "xh"}
SHELLS = {"sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "fish", "yash"}
# Interpreters other than shells, by the option that gives them code inline.
INLINE = {"python": "-c", "perl": "-e", "ruby": "-e", "node": "-e", "php": "-r"}
# Words that run the rest of the line as a command, with the options that
# take a value (so the value is not mistaken for the program).
LAUNCHERS = {
    "sudo": {"-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U", "-T"},
    "doas": {"-u", "-C"},
    "env": {"-u", "-C", "-S"},
    "nice": {"-n"},
    "ionice": {"-c", "-n", "-p"},
    "timeout": {"-s", "-k"},
    "stdbuf": {"-i", "-o", "-e"},
    "command": set(),
    "exec": {"-a"},
    "nohup": set(),
    "time": set(),
    "busybox": set(),
    "setsid": set(),
    "chroot": set(),
}
# Reserved words and grouping that may stand before a command.
PREFIX_WORDS = {"{", "}", "!", "if", "then", "else", "elif", "while", "until", "do"}
PUNCT = set("();<>|&")
SUB = "WICKETSUB"
SUB_WORD = re.compile(SUB + r"(\d+)Z")


class Unreadable(Exception):
    """The command could not be read (an unclosed quote or substitution)."""


STDIN_PATHS = {"/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"}


def dynamic(word):
    """Whether a command word is only known when it runs (`$SHELL`, a
    substitution): it may name an interpreter."""
    return "$" in word or SUB in word


ESCAPES = {"a": "\a", "b": "\b", "e": "\x1b", "E": "\x1b", "f": "\f", "n": "\n",
           "r": "\r", "t": "\t", "v": "\v", "\\": "\\", "'": "'", '"': '"', "?": "?"}


def ansi_c(text, i):
    """The value of a `$'...'` word whose body starts at `i`, and where it
    ends: `\\xHH`, `\\NNN` (octal), `\\uHHHH` and the letter escapes decoded."""
    out = []
    while i < len(text):
        c = text[i]
        if c == "'":
            return "".join(out), i + 1
        if c == "\\" and i + 1 < len(text):
            e = text[i + 1]
            m = (re.match(r"x([0-9A-Fa-f]{1,2})", text[i + 1 :])
                 or re.match(r"([0-7]{1,3})", text[i + 1 :])
                 or re.match(r"[uU]([0-9A-Fa-f]{1,8})", text[i + 1 :]))
            if m and (e in "xuU" or e.isdigit()):
                base = 8 if e.isdigit() else 16
                out.append(chr(min(int(m.group(1), base), 0x10FFFF)))
                i += 1 + len(m.group(0))
                continue
            out.append(ESCAPES.get(e, "\\" + e))
            i += 2
            continue
        out.append(c)
        i += 1
    raise Unreadable("an unclosed $'...'")


def program_name(word):
    """The program a command word names, as this reading knows it."""
    base = posixpath.basename(word)
    m = re.fullmatch(r"(python|perl|ruby|node|php)[0-9.]*", base)
    if m:
        return m.group(1)
    return base


class Reading:
    """One command read: what it downloads and what it runs."""

    def __init__(self, resolve):
        self.resolve = resolve
        # Substitution bodies by number, and whether each one downloads.
        self.subs = []
        # Paths downloaders wrote, resolved -> the URL(s) behind them.
        self.written = {}
        # What was found: (clause, urls).
        self.found = []

    # -- substitutions -------------------------------------------------------

    def lift(self, text):
        """The command with every `$(...)`, backquote, `<(...)` and `>(...)`
        replaced by a placeholder word, unquoted newlines made `;` and
        comments dropped. Each body is read on its own."""
        out = []
        i, n = 0, len(text)
        quote = None  # None, "'" or '"'
        while i < n:
            c = text[i]
            if quote == "'":
                out.append(c)
                if c == "'":
                    quote = None
                i += 1
                continue
            if c == "\\" and i + 1 < n:
                if text[i + 1] == "\n" and quote is None:
                    i += 2  # a line continuation
                    continue
                out.append(text[i : i + 2])
                i += 2
                continue
            if c == '"':
                quote = None if quote == '"' else '"'
                out.append(c)
                i += 1
                continue
            if quote is None and text.startswith("$'", i):
                # bash's $'...': decoded, then written as a plain quote.
                value, i = ansi_c(text, i + 2)
                out.append("'" + value.replace("'", "'\\''") + "'")
                continue
            if quote is None and c == "'":
                quote = "'"
                out.append(c)
                i += 1
                continue
            if quote is None and c == "#" and (not out or out[-1][-1:] in " \t\n;&|()"):
                while i < n and text[i] != "\n":
                    i += 1
                continue
            if quote is None and c == "\n":
                out.append(" ; ")
                i += 1
                continue
            opener = text[i : i + 2]
            if opener == "$(" or (quote is None and opener in ("<(", ">(")):
                end = self.closing(text, i + 2)
                out.append(" " + self.sub(text[i + 2 : end]) + " " if opener != "$(" else self.sub(text[i + 2 : end]))
                i = end + 1
                continue
            if c == "`":
                end = text.find("`", i + 1)
                while end > 0 and text[end - 1] == "\\":
                    end = text.find("`", end + 1)
                if end < 0:
                    raise Unreadable("an unclosed backquote")
                out.append(self.sub(text[i + 1 : end]))
                i = end + 1
                continue
            out.append(c)
            i += 1
        if quote:
            raise Unreadable("an unclosed quote")
        return "".join(out)

    @staticmethod
    def closing(text, start):
        """Where the `)` closing a substitution opened before `start` is."""
        depth, i, quote = 1, start, None
        while i < len(text):
            c = text[i]
            if quote:
                if c == "\\" and quote == '"':
                    i += 1
                elif c == quote:
                    quote = None
            elif c == "\\":
                i += 1
            elif c in "'\"":
                quote = c
            elif c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
                if depth == 0:
                    return i
            i += 1
        raise Unreadable("an unclosed substitution")

    def sub(self, body):
        inner = Reading(self.resolve)
        inner.subs = self.subs
        urls = inner.downloads(body)
        self.found.extend(inner.found)
        self.subs.append(urls)
        return "%s%dZ" % (SUB, len(self.subs) - 1)

    def sub_urls(self, word):
        """The URLs the downloading substitutions in `word` fetch (None: none
        of them downloads)."""
        hits = [self.subs[int(m.group(1))] for m in SUB_WORD.finditer(word)]
        hits = [h for h in hits if h is not None]
        if not hits:
            return None
        return [u for h in hits for u in h]

    # -- commands ------------------------------------------------------------

    def downloads(self, text):
        """Read `text`; the URLs its downloaders fetch, or None when it runs
        no downloader. What it runs is added to `self.found`."""
        fetched = None
        for pipeline in self.pipelines(self.lift(text)):
            got = self.pipeline(pipeline)
            if got is not None:
                fetched = (fetched or []) + got
        return fetched

    @staticmethod
    def pipelines(text):
        """The command's pipelines, each a list of stages, each a list of
        (word, the redirection operator before it or None). Inside a group
        (`{ ...; }`, `( ... )`) a `;` or `&&` joins stages as a pipe does: the
        group's output is all of theirs."""
        lexer = shlex.shlex(text, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        lexer.commenters = ""
        try:
            tokens = list(lexer)
        except ValueError as e:
            raise Unreadable(str(e))
        pipelines, stages, stage = [], [], []
        redirect, depth = None, 0
        for tok in tokens:
            if tok and set(tok) <= PUNCT:
                depth = max(0, depth + tok.count("(") - tok.count(")"))
                bare = tok.replace("(", "").replace(")", "")
                if not bare:
                    continue
                if "<" in bare or ">" in bare:
                    redirect = bare
                elif ("|" in bare and "||" not in bare) or depth > 0:
                    stages.append(stage)
                    stage = []
                else:
                    stages.append(stage)
                    pipelines.append(stages)
                    stages, stage = [], []
                continue
            if redirect is None and tok in ("{", "}"):
                depth = max(0, depth + (1 if tok == "{" else -1))
            stage.append((tok, redirect))
            redirect = None
        stages.append(stage)
        pipelines.append(stages)
        return pipelines

    def pipeline(self, stages):
        fetched, feeder = None, None
        for stage in stages:
            words = [w for w, op in stage if op is None]
            targets = [w for w, op in stage if op is not None]
            heredoc = any(op is not None and op.startswith("<<") and op != "<<<" for _, op in stage)
            argv = self.unlaunch(words)
            if not argv:
                continue
            prog = program_name(argv[0])
            if prog in DOWNLOADERS:
                urls = self.download(prog, argv, targets)
                fetched = (fetched or []) + urls
                feeder = "what %s downloads" % argv[0]
                continue
            ran = self.sub_urls(argv[0])
            if ran is not None:
                self.found.append(("a command substitution runs what it downloads as a command", ran))
            if self.reads_stdin(prog, argv):
                fed = [u for t in targets for u in (self.sub_urls(t) or [])]
                fed += [u for t in targets for u in self.written_by(t)]
                if heredoc:
                    fed += [u for h in self.subs if h is not None for u in h]
                if fed:
                    self.found.append(("%s runs downloaded text redirected to its input" % argv[0], fed))
                elif fetched is not None:
                    self.found.append(("%s runs %s" % (argv[0], feeder), fetched))
            elif fetched is not None and prog == "xargs" and self.xargs_runs_code(argv):
                self.found.append(("xargs hands %s to an interpreter" % feeder, fetched))
            elif fetched is not None and dynamic(argv[0]):
                self.found.append(("%s, a program named at run time, is fed %s" % (argv[0], feeder), fetched))
            self.runs(prog, argv)
            if prog == "tee" and fetched is not None:
                for f in argv[1:]:
                    if not f.startswith("-"):
                        self.written.setdefault(self.resolve(f), []).extend(fetched)
            # `echo "$(curl URL)" | sh`: a stage that prints what a
            # substitution downloaded feeds it down the pipeline.
            printed = [u for w in argv[1:] for u in (self.sub_urls(w) or [])]
            printed += [u for w in argv[1:] + targets for u in self.written_by(w)]
            if printed and prog not in SHELLS | set(INLINE) | {"eval", "source", "."}:
                fetched = (fetched or []) + printed
                feeder = "a download %s prints" % argv[0]
        return fetched

    @staticmethod
    def unlaunch(words):
        """argv with assignments, reserved words and launchers taken off."""
        i = 0
        while i < len(words):
            w = words[i]
            if w in PREFIX_WORDS or re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*=.*", w, re.S):
                i += 1
                continue
            takes = LAUNCHERS.get(posixpath.basename(w))
            if takes is None:
                break
            name = posixpath.basename(w)
            i += 1
            while i < len(words) and words[i].startswith("-") and words[i] != "-":
                opt = words[i]
                i += 1
                if opt == "--":
                    break
                if opt in takes:
                    i += 1
            if name == "timeout" and i < len(words):
                i += 1  # the duration
            if name == "chroot" and i < len(words):
                i += 1  # the new root
        return words[i:]

    def xargs_runs_code(self, argv):
        """Whether `xargs ... CMD` runs an interpreter or `eval` on its input."""
        takes = {"-I", "-n", "-P", "-L", "-d", "-E", "-s", "-a", "-i"}
        i = 1
        while i < len(argv) and argv[i].startswith("-"):
            i += 2 if argv[i] in takes else 1
        rest = self.unlaunch(argv[i:])
        code_takers = SHELLS | set(INLINE) | {"eval", "source", "."}
        return bool(rest) and (program_name(rest[0]) in code_takers or dynamic(rest[0]))

    def written_by(self, path):
        """The URLs behind a file downloaded earlier in the command (the host
        is asked where `path` leads only once something was downloaded)."""
        if not self.written:
            return []
        return self.written.get(self.resolve(path), [])

    @staticmethod
    def reads_stdin(prog, argv):
        """Whether an interpreter takes its program from stdin."""
        if prog in ("source", ".") and len(argv) > 1:
            return argv[1] in STDIN_PATHS
        if prog not in SHELLS and prog not in INLINE:
            return False
        inline = INLINE.get(prog, "-c")
        args = argv[1:]
        for k, a in enumerate(args):
            if a == "-" or a in STDIN_PATHS:
                return True
            if a == "--":
                return prog in SHELLS and "-s" in args[:k] or k + 1 >= len(args)
            if a.startswith("-") and len(a) > 1:
                letters = a[1:] if not a.startswith("--") else ""
                if a == inline or (prog in SHELLS and "c" in letters):
                    return False
                if prog == "python" and a == "-m":
                    return False
                if prog in SHELLS and "s" in letters:
                    return True
                continue
            return False  # a script file: stdin is its data
        return True

    def runs(self, prog, argv):
        """What an interpreter, `eval` or `source` runs, and a downloaded
        file run by its path."""
        code_takers = SHELLS | set(INLINE) | {"eval", "source", "."}
        if prog in code_takers:
            for a in argv[1:]:
                urls = self.sub_urls(a)
                if urls is not None:
                    self.found.append(("%s runs the text a substitution downloads" % argv[0], urls))
                    return
        if prog == "eval":
            self.downloads(" ".join(argv[1:]))
            return
        if prog in SHELLS:
            script = self.inline_script(argv, "-c")
            if script is not None:
                self.downloads(script)
                return
        # A downloaded file run directly, or as an interpreter's script.
        candidates = [argv[0]] if "/" in argv[0] else []
        if prog in code_takers:
            rest = [a for a in argv[1:] if not a.startswith("-")]
            candidates += rest  # the script, or a file handed to it
        for c in candidates if self.written else ():
            key = self.resolve(c)
            if key in self.written:
                self.found.append(("%s runs the file %s downloaded" % (argv[0], c), self.written[key]))
                return

    @staticmethod
    def inline_script(argv, flag):
        for k, a in enumerate(argv[1:], start=1):
            if a.startswith("-") and not a.startswith("--") and flag[1] in a[1:]:
                return argv[k + 1] if k + 1 < len(argv) else ""
            if not a.startswith("-"):
                return None
        return None

    def download(self, prog, argv, targets):
        """The URLs a downloader fetches, noting the files it writes."""
        urls = [a for a in argv[1:] if "://" in a or a.startswith("www.")]
        outputs = list(targets)
        remote_name = False
        args = argv[1:]
        # The option naming the output file: curl -o, wget -O, also at the
        # end of a cluster (`curl -fsSLo i.sh`, `wget -qO i.sh`) or with the
        # name attached (`-oi.sh`, `-qO-`).
        out_letter = {"curl": "o", "wget": "O"}.get(prog)
        long_out = {"curl": "--output", "wget": "--output-document"}.get(prog)
        for k, a in enumerate(args):
            nxt = args[k + 1] if k + 1 < len(args) else None
            if long_out and a == long_out and nxt:
                outputs.append(nxt)
            elif long_out and a.startswith(long_out + "="):
                outputs.append(a.split("=", 1)[1])
            elif prog == "curl" and a == "--remote-name":
                remote_name = True
            elif out_letter and a.startswith("-") and not a.startswith("--") and len(a) > 1:
                for j, letter in enumerate(a[1:], start=1):
                    if prog == "curl" and letter == "O":
                        remote_name = True
                    if letter == out_letter:
                        value = a[j + 1 :] or nxt
                        if value:
                            outputs.append(value)
                        break
        if prog == "wget" and not any(o for o in outputs):
            remote_name = True
        if remote_name:
            for u in urls:
                name = posixpath.basename(u.split("?", 1)[0].split("#", 1)[0].rstrip("/"))
                if name and "://" not in name:
                    outputs.append(name)
        for o in outputs:
            if o and o != "-":
                self.written.setdefault(self.resolve(o), []).extend(urls or ["?"])
        return urls


def trusted(url, prefixes):
    """Whether `url` is under one of the trusted prefixes: the prefix, then
    the end or a `/`, `?` or `#` (so `https://a.example` trusts neither
    `https://a.example.evil.example` nor `https://a.example@evil.example`)."""
    for p in prefixes:
        if url == p:
            return True
        if url.startswith(p) and (p.endswith("/") or url[len(p)] in "/?#"):
            return True
    return False


def read(command, resolve=posixpath.normpath, trust=()):
    """What in `command` runs downloaded code and is not wholly trusted:
    a list of (clause, urls). Raises Unreadable."""
    # Nothing downloads without a downloader's name, however quoted
    # (`c''url`, `cu\\rl`, a continued line): a command without one is
    # left alone at once, whatever its size.
    bare = re.sub(r"[\"'\\]", "", command.replace("\\\n", ""))
    if "$'" not in command and not any(name in bare for name in DOWNLOADERS):
        return []
    r = Reading(resolve)
    r.downloads(command)
    out = []
    for clause, urls in r.found:
        urls = list(dict.fromkeys(urls))
        if urls and all(trusted(u, trust) for u in urls):
            continue
        if (clause, urls) not in out:
            out.append((clause, urls))
    return out
