#!/usr/bin/env bash
# Lints the protos and regenerates packages/proto/src/gen with buf + ts-proto (options in buf.gen.yaml).
set -euo pipefail
cd "$(dirname "$0")/.."
npx buf lint
rm -rf packages/proto/src/gen
npx buf generate
