# Debian's PostgreSQL, with the official postgres image's interface: POSTGRES_USER,
# POSTGRES_PASSWORD, POSTGRES_DB and POSTGRES_HOST_AUTH_METHOD on first start, data in
# /var/lib/postgresql/data, listening on every address, pg_isready on the PATH.
ARG DEBIAN_IMAGE=cuview-base/debian:bookworm
FROM ${DEBIAN_IMAGE}
RUN apt-get update && apt-get install -y postgresql-15 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/lib/postgresql/data /var/run/postgresql \
 && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY bases/postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
USER postgres
EXPOSE 5432
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
