#!/usr/bin/python3
"""PyTorch oracle for the reader (issue 34): for a fixed small model and batch, the logits,
the loss, every gradient and two AdamW steps, written as JSON for tests/reader/golden_test.cpp.

An independent implementation: padded tensors with masks, autograd for the gradients and
torch.optim.AdamW for the steps, all in float64 (the C++ twin runs in float32 and must meet
these to 1e-5). Only the dropout mask is shared by construction: it is an input here,
drawn with the same counter-based formula as caqa/reader/ops.h.

Regenerate (Debian 12: apt install python3-torch):
  /usr/bin/python3 tests/reader/make_goldens.py > tests/reader/golden/reader_small.json
"""
import json
import random

import torch
import torch.nn.functional as F

M64 = (1 << 64) - 1


def mix64(z):
    z = (z + 0x9E3779B97F4A7C15) & M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def dropout_factors(rate, seed, stream, n):
    out = []
    for i in range(n):
        u = (mix64(mix64(seed ^ mix64(stream)) ^ i) >> 40) / 16777216.0
        out.append(0.0 if u < rate else 1.0 / (1.0 - rate))
    return torch.tensor(out, dtype=torch.float64)


CONFIG = dict(buckets=40, dim=6, window=3, hidden=5, classes=4, dropout=0.25, max_tokens=160)
ADAMW = dict(lr=0.01, betas=(0.9, 0.999), eps=1e-3, weight_decay=0.1)
SEED = 77
LAYOUT = [
    ("embedding", CONFIG["buckets"], CONFIG["dim"]),
    ("exact_match", 2, CONFIG["dim"]),
    ("project.weight", CONFIG["hidden"], CONFIG["window"] * CONFIG["dim"]),
    ("project.bias", 1, CONFIG["hidden"]),
    ("compare.weight", CONFIG["hidden"], 4 * CONFIG["hidden"]),
    ("compare.bias", 1, CONFIG["hidden"]),
    ("aggregate.weight", CONFIG["hidden"], 4 * CONFIG["hidden"]),
    ("aggregate.bias", 1, CONFIG["hidden"]),
    ("classify.weight", CONFIG["classes"], CONFIG["hidden"]),
    ("classify.bias", 1, CONFIG["classes"]),
]


def make_text(rng, length):
    offsets, ids, exact = [0], [], []
    for _ in range(length):
        for _ in range(rng.randint(1, 4)):
            ids.append(rng.randrange(CONFIG["buckets"]))
        offsets.append(len(ids))
        exact.append(rng.randint(0, 1))
    return dict(offsets=offsets, ids=ids, exact=exact)


def embed_matrix(texts, length):
    """Rows of (samples * length) token slots over the table's buckets + 2 rows."""
    a = torch.zeros(len(texts) * length, CONFIG["buckets"] + 2, dtype=torch.float64)
    mask = torch.zeros(len(texts), length, dtype=torch.float64)
    for n, t in enumerate(texts):
        for s in range(len(t["exact"])):
            feats = t["ids"][t["offsets"][s]:t["offsets"][s + 1]]
            for f in feats:
                a[n * length + s, f] += 1.0 / len(feats)
            a[n * length + s, CONFIG["buckets"] + t["exact"][s]] += 1.0
            mask[n, s] = 1.0
    return a, mask


def forward(p, batch, step):
    d, h, w, rate = CONFIG["dim"], CONFIG["hidden"], CONFIG["window"], CONFIG["dropout"]
    table = torch.cat([p["embedding"], p["exact_match"]])
    drop_seed = mix64(SEED ^ mix64(step))
    sides = []
    for key in ("hypothesis", "premise"):
        texts = [ex[key] for ex in batch]
        length = max(len(t["exact"]) for t in texts)
        a, mask = embed_matrix(texts, length)
        x = (a @ table).view(len(texts), length, d)
        xp = F.pad(x, (0, 0, w // 2, w // 2))
        u = torch.cat([xp[:, k:k + length] for k in range(w)], -1)
        hid = F.relu(u @ p["project.weight"].T + p["project.bias"].view(-1)) * mask[..., None]
        sides.append((hid, mask))
    (ha, ma), (hb, mb) = sides
    s = ha @ hb.transpose(1, 2)
    pa = torch.softmax(s.masked_fill(mb[:, None, :] == 0, float("-inf")), -1)
    pb = torch.softmax(s.transpose(1, 2).masked_fill(ma[:, None, :] == 0, float("-inf")), -1)
    aligned = [pa @ hb, pb @ ha]
    pooled = []
    for k, ((hid, mask), c) in enumerate(zip(sides, aligned)):
        q = torch.cat([hid, c, hid * c, hid - c], -1)
        q = q * dropout_factors(rate, drop_seed, 1 + k, q.numel()).view(q.shape)
        v = F.relu(q @ p["compare.weight"].T + p["compare.bias"].view(-1)) * mask[..., None]
        pooled.append(v.sum(1) / mask.sum(1, keepdim=True))
        pooled.append(v.masked_fill(mask[..., None] == 0, float("-inf")).max(1).values)
    pool = torch.cat(pooled, -1)
    pool = pool * dropout_factors(rate, drop_seed, 3, pool.numel()).view(pool.shape)
    z = F.relu(pool @ p["aggregate.weight"].T + p["aggregate.bias"].view(-1))
    return z @ p["classify.weight"].T + p["classify.bias"].view(-1)


def flat(tensors):
    return {name: [round(float(x), 12) for x in t.detach().reshape(-1)] for name, t in tensors.items()}


def main():
    rng = random.Random(5)
    batch = []
    for n, (la, lb) in enumerate([(4, 7), (2, 3), (6, 5)]):
        batch.append(dict(hypothesis=make_text(rng, la), premise=make_text(rng, lb), label=n % CONFIG["classes"]))
    params = {}
    for name, rows, cols in LAYOUT:
        values = [rng.uniform(-0.5, 0.5) for _ in range(rows * cols)]
        params[name] = torch.tensor(values, dtype=torch.float64).view(rows, cols).requires_grad_(True)
    initial = flat(params)
    labels = torch.tensor([ex["label"] for ex in batch])
    opt = torch.optim.AdamW(list(params.values()), **ADAMW)
    steps = []
    for step in (1, 2):
        opt.zero_grad()
        logits = forward(params, batch, step)
        loss = F.cross_entropy(logits, labels)
        loss.backward()
        record = dict(step=step, loss=float(loss), logits=[float(x) for x in logits.detach().reshape(-1)],
                      grads=flat({k: v.grad for k, v in params.items()}))
        opt.step()
        record["params_after"] = flat(params)
        steps.append(record)
    json.dump(dict(command="/usr/bin/python3 tests/reader/make_goldens.py", torch=torch.__version__, config=CONFIG,
                   adamw=dict(lr=ADAMW["lr"], beta1=ADAMW["betas"][0], beta2=ADAMW["betas"][1], eps=ADAMW["eps"],
                              weight_decay=ADAMW["weight_decay"]),
                   seed=SEED, batch=batch, params=initial, steps=steps), __import__("sys").stdout, indent=1)


if __name__ == "__main__":
    main()
