# syntax=docker/dockerfile:1
# docker compose's one-shot maker of the services' mutual-TLS certificates: the launcher's own
# generator (deploy/local/src/grpc-certificates.ts), run before the services start. Its two libraries
# at the versions package-lock.json holds.
FROM node:20-slim
WORKDIR /app
RUN npm install -g tsx@4 --no-audit --no-fund \
 && npm init -y > /dev/null \
 && npm install --no-audit --no-fund @peculiar/x509@2.2.0 reflect-metadata@0.2.2
COPY deploy/local/src/grpc-certificates.ts deploy/local/src/grpc-certificates.cli.ts ./
# The volumes take this ownership: the services run as node too and read their keys (mode 0600).
RUN mkdir -p /tls /ca && chown node:node /tls /ca
USER node
ENTRYPOINT ["tsx", "grpc-certificates.cli.ts"]
