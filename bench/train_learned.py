"""Train the learned scorer (mcpvcr.scan.learned) and write its weights; or measure it.

    pip install scikit-learn numpy scipy          # training only, never a runtime need
    python bench/train_learned.py                 # writes mcpvcr/scan/learned_weights.py
                                                  # and tests/scan/data/learned_sample.json
    python bench/train_learned.py --loso          # leave one blind set out: the table in
                                                  # docs/scanner.md (takes ~10 minutes)

Data (all in the repository):
- poisoned (1): every poisoned text of the blind sets, tests/poison_corpus/blind_r6.json
  (fresh4-12), blind_r7.json (fresh13-17), blind_r8.json (fresh18-19), fresh_r5.json and
  fresh_i22.json, and of the training sets train_r9.json (four sets in 110 languages);
- honest (0): their hard benign texts (weighted x2); every text of the 246 published servers
  in tests/scan/data/real_servers.json.gz (tool, prompt and resource descriptions, schema
  property descriptions at any depth, argument descriptions, instructions); every text of
  tests/poison_corpus/benign.json.
(poisoned.json and rugpull.json are left out: they label servers, not texts.)

Model: logistic regression (C=16, liblinear), classes balanced, over the hashed features of
`learned.buckets` (with the signal families `extract` finds); the 30,000 largest weights kept
and refitted; weights quantised to int16.

Threshold, fixed by rule before any test fold is read: from 5-fold out-of-fold scores on the
training data (grouped by set, server or benign.json entry), over honest texts the partner
would read (with `partner.evidence` and no rule error), the larger of (a) the highest
published or benign.json score and (b) the score above which at most 1% of all hard-benign
texts lie.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import json
import random
import re
import sys
import time
from array import array
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

C = 16.0
KEEP = 30_000
BITS, LOW, HIGH = 20, 2, 5
HARD_WEIGHT = 2.0
HARD_SHARE = 0.01
CORPUS = ROOT / "tests" / "poison_corpus"
WEIGHTS = ROOT / "mcpvcr" / "scan" / "learned_weights.py"
SAMPLE = ROOT / "tests" / "scan" / "data" / "learned_sample.json"


def _descriptions(obj: Any, out: list[str]) -> None:
    if isinstance(obj, dict):
        text = obj.get("description")
        if isinstance(text, str):
            out.append(text)
        for key, value in obj.items():
            if key != "description":
                _descriptions(value, out)
    elif isinstance(obj, list):
        for value in obj:
            _descriptions(value, out)


def server_texts(server: dict[str, Any]) -> list[str]:
    """Every distinct description a client shows the model for one server."""
    out: list[str] = []
    for item in server.get("tools") or []:
        if isinstance(item.get("description"), str):
            out.append(item["description"])
        _descriptions(item.get("inputSchema") or {}, out)
    for item in server.get("prompts") or []:
        if isinstance(item.get("description"), str):
            out.append(item["description"])
        _descriptions(item.get("arguments") or [], out)
    for key in ("resources", "templates"):
        for item in server.get(key) or []:
            if isinstance(item.get("description"), str):
                out.append(item["description"])
    if isinstance(server.get("instructions"), str):
        out.append(server["instructions"])
    return list(dict.fromkeys(t.strip() for t in out if t.strip()))


def rows() -> list[dict[str, Any]]:
    """Every training text: text, y, group (set, server or entry), kind (set, pub, bj)."""
    found: list[dict[str, Any]] = []

    def add(texts: list[str], y: int, group: str, kind: str) -> None:
        found.extend({"text": t, "y": y, "group": group, "kind": kind} for t in texts)

    for name in ("blind_r6", "blind_r7", "blind_r8", "train_r9"):
        for key, meta in json.loads((CORPUS / f"{name}.json").read_text("utf-8"))["sets"].items():
            add(meta["poisoned"], 1, key, "set")
            add(meta["benign"], 0, key, "set")
    for name in ("fresh_r5", "fresh_i22"):
        data = json.loads((CORPUS / f"{name}.json").read_text("utf-8"))
        add(data["poisoned"], 1, name, "set")
        add(data["benign"], 0, name, "set")
    raw = (ROOT / "tests" / "scan" / "data" / "real_servers.json.gz").read_bytes()
    for name, server in json.loads(gzip.decompress(raw))["servers"].items():
        add(server_texts(server), 0, "pub:" + name, "pub")
    for i, entry in enumerate(json.loads((CORPUS / "benign.json").read_text("utf-8"))):
        add(server_texts(entry["server"]), 0, f"bj:{i}", "bj")
    return found


def judged(found: list[dict[str, Any]]) -> None:
    """Add `evidence` (the partner would read it) and `ruled` (the rules alone make an error;
    set texts are linted as in tests/scan/test_fresh_set.py, published ones raise none)."""
    import mcpvcr.scan.scanner as scanner
    from mcpvcr.scan.learned import present
    from mcpvcr.scan.partner import evidence
    from mcpvcr.scan.signals import extract
    from tests.scan.test_fresh_set import _severities

    scanner.second_opinion = lambda *_: []  # the rules alone, not the partner being trained
    for row in found:
        sig = extract(row["text"])
        row["evidence"] = evidence(sig) is not None
        row["families"] = present(sig.spans)
        row["ruled"] = False
        if row["kind"] == "set":
            siblings = [] if row["y"] else re.findall(r"\b[a-z]+_[a-z_]+\b", row["text"])
            row["ruled"] = "error" in _severities(row["text"], siblings)


class Trainer:
    def __init__(self, found: list[dict[str, Any]]) -> None:
        import numpy as np
        import scipy.sparse as sp

        from mcpvcr.scan.learned import buckets

        self.np, self.sp = np, sp
        self.rows = found
        self.y = np.array([r["y"] for r in found])
        self.kind = np.array([r["kind"] for r in found])
        self.group = np.array([r["group"] for r in found])
        self.read = np.array([r["evidence"] and not r["ruled"] for r in found])
        ind: list[int] = []
        ptr, val = [0], []
        for r in found:
            b = buckets(r["text"], BITS, LOW, HIGH, r["families"])
            ind += b
            val += [1 / np.sqrt(len(b))] * len(b)
            ptr.append(len(ind))
        self.X = sp.csr_matrix((val, ind, ptr), shape=(len(found), 1 << BITS))

    def fit(self, idx: Any) -> Any:
        from sklearn.linear_model import LogisticRegression

        np, sp = self.np, self.sp
        w = np.ones(len(idx))
        yy = self.y[idx]
        w[(self.kind[idx] == "set") & (yy == 0)] = HARD_WEIGHT
        w[yy == 1] *= w[yy == 0].sum() / w[yy == 1].sum()
        clf = LogisticRegression(C=C, solver="liblinear", dual=True, max_iter=5000, random_state=0)
        clf.fit(self.X[idx], yy, sample_weight=w)
        top = np.argsort(-np.abs(clf.coef_[0]))[:KEEP]
        mask = np.zeros(self.X.shape[1])
        mask[top] = 1
        clf = LogisticRegression(C=C, solver="liblinear", dual=True, max_iter=5000, random_state=0)
        clf.fit(self.X[idx] @ sp.diags(mask), yy, sample_weight=w)
        return clf

    def threshold(self, idx: Any) -> float:
        """The rule in the module docstring, on 5-fold grouped out-of-fold scores of `idx`."""
        from sklearn.model_selection import GroupKFold

        np = self.np
        oof = np.zeros(len(idx))
        for tr, te in GroupKFold(n_splits=5).split(idx, groups=self.group[idx]):
            oof[te] = self.fit(idx[tr]).decision_function(self.X[idx[te]])
        return threshold_of(
            oof, self.y[idx], self.kind[idx], self.read[idx], np.quantile, np.sort, np.inf
        )


def threshold_of(
    score: Any, y: Any, kind: Any, read: Any, quantile: Any, sort: Any, inf: float
) -> float:
    honest = (y == 0) & read
    published = score[honest & (kind != "set")]
    hard_all = int(((y == 0) & (kind == "set")).sum())
    hard = sort(score[honest & (kind == "set")])[::-1]
    allowed = int(HARD_SHARE * hard_all)
    by_hard = float(hard[allowed]) if allowed < len(hard) else -inf
    return max(float(published.max()) if len(published) else -inf, by_hard)


def calibration() -> list[str]:
    """Honest texts the scanner's tests hold and training never reads: the honest twins of
    tests/scan/test_covert.py and the descriptions of rugpull.json's honest drifts. The
    threshold is kept above the final model's score on every one of them that the partner
    would read (with evidence, as prose): a held-out check on the model actually shipped,
    where the out-of-fold rule only sees the fold models."""
    from mcpvcr.scan.partner import evidence, prose
    from mcpvcr.scan.signals import extract
    from tests.scan.test_covert import ATTACKS_AND_TWINS

    texts = [twin for _, twin in ATTACKS_AND_TWINS]
    for case in json.loads((CORPUS / "rugpull.json").read_text("utf-8")):
        if not case["expect_security"]:
            texts += server_texts(case["new"])
    return [t for t in texts if prose(t) and evidence(extract(t)) is not None]


def calibrated(threshold: float) -> float:
    """`threshold`, raised above the shipped model's score on every calibration text."""
    from mcpvcr.scan import learned
    from mcpvcr.scan.signals import extract

    learned.model.cache_clear()
    scores = [learned.score(t, learned.present(extract(t).spans)) for t in calibration()]
    top = max(scores, default=threshold)
    print(f"threshold by rule {threshold:.4f}, calibration texts {len(scores)}, top {top:.4f}")
    return max(threshold, top + 0.01)


def export(trainer: Trainer, clf: Any, threshold: float) -> None:
    np = trainer.np
    w = clf.coef_[0]
    scale = float(np.abs(w).max() / 32767)
    nz = np.nonzero(np.round(w / scale))[0]
    q = np.round(w[nz] / scale).astype(int)
    clf.coef_ = np.zeros_like(clf.coef_)
    clf.coef_[0, nz] = q * scale
    packed = [
        base64.b64encode(array("I", nz.tolist()).tobytes()).decode("ascii"),
        base64.b64encode(array("h", q.tolist()).tobytes()).decode("ascii"),
    ]
    assert sys.byteorder == "little" and array("I").itemsize == 4

    def lines(text: str) -> str:
        return "\n".join(text[i : i + 96] for i in range(0, len(text), 96))

    def write(threshold: float) -> None:
        WEIGHTS.write_text(
            '"""The learned scorer\'s weights: written by bench/train_learned.py, '
            "never by hand.\n\n"
            "Buckets (uint32) and weights (int16, times SCALE), little-endian, base64.\n"
            '"""\n\n'
            f"BITS = {BITS}\nLOW = {LOW}\nHIGH = {HIGH}\nBIAS = {float(clf.intercept_[0])!r}\n"
            f"SCALE = {scale!r}\nTHRESHOLD = {threshold!r}\n"
            f'BUCKETS = """\n{lines(packed[0])}\n"""\nWEIGHTS = """\n{lines(packed[1])}\n"""\n',
            "utf-8",
        )

    write(threshold)
    threshold = calibrated(threshold)
    write(threshold)
    from mcpvcr.scan import learned

    learned.model.cache_clear()
    sk = clf.decision_function(trainer.X)
    texts = [r["text"] for r in trainer.rows]
    families = [r["families"] for r in trainer.rows]
    worst = max(abs(learned.score(t, f) - s) for t, f, s in zip(texts, families, sk, strict=True))
    print(f"{len(nz)} weights, threshold {threshold:.4f}, max |sklearn - python| {worst:.2e}")
    rnd = random.Random(7)
    sets = [i for i, r in enumerate(trainer.rows) if r["kind"] == "set"]
    rest = [i for i, r in enumerate(trainer.rows) if r["kind"] != "set"]
    pick = [*rnd.sample(sets, 30), *rnd.sample(rest, 30), int(np.argmax(sk)), int(np.argmin(sk))]
    sample = [{"text": texts[i], "families": families[i], "sklearn": float(sk[i])} for i in pick]
    note = "sklearn decision_function of the shipped model (quantised weights) on 62 texts"
    SAMPLE.write_text(
        json.dumps({"comment": note, "sample": sample}, ensure_ascii=False, indent=0) + "\n",
        "utf-8",
    )


def loso(trainer: Trainer) -> None:
    """Leave one blind set out (with a 1/K share of published servers and benign.json
    entries): per set, poisoned and hard-benign texts the partner makes errors on, beside the
    rules' own errors; the published texts it would make errors on."""
    np = trainer.np
    sets = sorted({r["group"] for r in trainer.rows if r["kind"] == "set"})
    servers = sorted({g for g, k in zip(trainer.group, trainer.kind, strict=True) if k != "set"})
    random.Random(0).shuffle(servers)
    share = {s: i % len(sets) for i, s in enumerate(servers)}
    fold = np.array(
        [
            sets.index(g) if k == "set" else share[g]
            for g, k in zip(trainer.group, trainer.kind, strict=True)
        ]
    )
    ruled = np.array([r["ruled"] for r in trainer.rows])
    partner = np.zeros(len(trainer.rows), dtype=bool)
    for i, name in enumerate(sets):
        tr, te = np.where(fold != i)[0], np.where(fold == i)[0]
        limit = trainer.threshold(tr)
        score = trainer.fit(tr).decision_function(trainer.X[te])
        partner[te] = (score > limit) & trainer.read[te]
        print(f"fold {name} threshold {limit:.3f}", file=sys.stderr, flush=True)
    print("| set | rules P | +partner P | rules B | +partner B |")
    print("|---|---|---|---|---|")
    for name in sets:
        m = trainer.group == name
        p, b = m & (trainer.y == 1), m & (trainer.y == 0)
        print(
            f"| {name} | {ruled[p].sum()}/{p.sum()} | {(ruled | partner)[p].sum()} "
            f"| {ruled[b].sum()} | {(ruled | partner)[b].sum()} |"
        )
    pub = trainer.kind != "set"
    print(f"published and benign.json texts with a partner error: {partner[pub].sum()}/{pub.sum()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loso", action="store_true", help="measure; write nothing")
    args = parser.parse_args()
    start = time.time()
    found = rows()
    judged(found)
    trainer = Trainer(found)
    if args.loso:
        loso(trainer)
    else:
        idx = trainer.np.arange(len(found))
        export(trainer, trainer.fit(idx), trainer.threshold(idx))
    print(f"{len(found)} texts, {time.time() - start:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
