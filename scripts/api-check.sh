#!/usr/bin/env bash
# Fails when the committed OpenAPI document or frontend types differ from what the BFF's route specs generate now.
set -euo pipefail
cd "$(dirname "$0")/.."
npx tsx scripts/api-gen.ts
if ! git diff --quiet --exit-code -- frontend/lib/api || [ -n "$(git ls-files --others --exclude-standard frontend/lib/api)" ]; then
  echo "api drift: frontend/lib/api is out of date with the BFF's route specs; run 'npm run api:gen' and commit" >&2
  git status --short -- frontend/lib/api >&2
  exit 1
fi
echo "api: OpenAPI document and frontend types up to date"
