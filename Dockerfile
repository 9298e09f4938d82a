# The production image: one image, two roles (ROLE=web serves HTTP + Socket.IO, ROLE=worker runs jobs).
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx remix build
EXPOSE 3000
CMD ["node", "--import", "tsx", "server/start.ts"]
