# Debian's Redis 7, as the official redis:7 image runs it: listening on every address without
# protected mode, data (appendonly files) in /data, as the redis user.
ARG DEBIAN_IMAGE=cuview-base/debian:bookworm
FROM ${DEBIAN_IMAGE}
RUN apt-get update && apt-get install -y redis-server && rm -rf /var/lib/apt/lists/* \
 && mkdir /data && chown redis:redis /data
COPY bases/redis-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
WORKDIR /data
USER redis
EXPOSE 6379
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["redis-server"]
