# The production image: one image, two roles (ROLE=web serves HTTP + Socket.IO, ROLE=worker runs jobs).
# Node 24 LTS; the server runs compiled (build/node, server/cli/build-server.ts), not through tsx.
FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
EXPOSE 3000
CMD ["node", "--conditions=missio-compiled", "--enable-source-maps", "build/node/server/start.js"]
