# One image per process, from this one file: docker build --build-arg SERVICE=<process> -t gatehouse-<process> .
# SERVICE is one of gateway, auth, avatar, telegram-bot, payment (the names in scripts/build.ts).
#
# build:   the whole workspace installed from the lockfile, then `pnpm build <process>`: our TypeScript
#          bundled by esbuild into dist/<process>/main.js, beside it the files it reads at run time and
#          its production dependencies only (pnpm deploy --prod).
# runtime: the base image plus dist/<process>/, owned by root and run by the unprivileged `node` user
#          with plain `node main.js`. No sources, tests, dev tools, package manager store or cache.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
ENV PNPM_HOME=/pnpm npm_config_store_dir=/pnpm/store CI=true
RUN npm install -g pnpm@12.21.0 && npm cache clean --force
WORKDIR /src
# Dependencies first, from the lockfile alone, so a source change does not download them again.
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN --mount=type=cache,id=gatehouse-pnpm-store,target=/pnpm/store pnpm fetch
COPY . .
RUN --mount=type=cache,id=gatehouse-pnpm-store,target=/pnpm/store pnpm install --offline --frozen-lockfile
ARG SERVICE
RUN test -n "$SERVICE" || { echo "set --build-arg SERVICE=<process>" >&2; exit 1; }
RUN --mount=type=cache,id=gatehouse-pnpm-store,target=/pnpm/store pnpm build "$SERVICE"

FROM ${NODE_IMAGE}
ARG SERVICE
ENV NODE_ENV=production GRPC_HOST=0.0.0.0
# /data is where the avatar service keeps pictures (a volume in compose); it must belong to the user
# that writes it, or a fresh named volume is root's and the service cannot start.
RUN mkdir -p /data && chown node:node /data
WORKDIR /app
COPY --from=build /src/dist/${SERVICE}/ /app/
USER node
CMD ["node", "main.js"]
