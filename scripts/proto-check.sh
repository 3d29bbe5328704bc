#!/usr/bin/env bash
# Fails when the committed generated code differs from what the protos generate now.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/proto-gen.sh
if ! git diff --quiet --exit-code -- packages/proto/src/gen || [ -n "$(git ls-files --others --exclude-standard packages/proto/src/gen)" ]; then
  echo "proto drift: packages/proto/src/gen is out of date with protos/; run 'npm run proto:gen' and commit" >&2
  git status --short -- packages/proto/src/gen >&2
  exit 1
fi
echo "protos: lint clean, generated code up to date"
