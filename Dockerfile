# motoroute mcp --http as a hosted connector. Build context: a clone of this repository.
# The image runs the packed package, as `npm install -g` would install it.
FROM node:22-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY . .
RUN npm run build && npm pack

FROM node:22-slim
COPY --from=build /src/motoroute-*.tgz /tmp/
RUN npm install -g /tmp/motoroute-*.tgz && rm /tmp/motoroute-*.tgz
USER node
EXPOSE 8808
HEALTHCHECK CMD node -e "fetch('http://127.0.0.1:8808/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM (docker stop) stops it gracefully: the calls in flight are answered, then exit 0.
CMD ["motoroute", "mcp", "--http", "--host", "0.0.0.0", "--port", "8808", "--trust-proxy"]
