# Debian's nginx, copied with the libraries it links onto an empty image (the web image must stay
# small, and the Debian base alone is about 80 MB). The official image's layout: server blocks in
# /etc/nginx/conf.d/, files in /usr/share/nginx/html, logs to stdout/stderr, user nginx (101),
# and /bin/busybox (static) for health checks, as the alpine image has.
# Build context: infra/docker.
ARG DEBIAN_IMAGE=cuview-base/debian:bookworm
FROM ${DEBIAN_IMAGE} AS pick
RUN apt-get update && apt-get install -y nginx-light busybox-static && rm -rf /var/lib/apt/lists/*
COPY nginx-main.conf /out/etc/nginx/nginx.conf
RUN set -e; \
    mkdir -p /out/etc/nginx/conf.d /out/usr/share/nginx/html /out/var/cache/nginx /out/var/log/nginx /out/tmp; \
    cp /etc/nginx/mime.types /out/etc/nginx/; \
    cp -a --parents /usr/sbin/nginx /out/; \
    mkdir -p /out/bin; cp /bin/busybox /out/bin/busybox; \
    for lib in $(ldd /usr/sbin/nginx | grep -o '/[^ ]*') \
               /lib/x86_64-linux-gnu/libnss_files.so.2 /lib/x86_64-linux-gnu/libnss_dns.so.2; do \
      if [ -e "$lib" ]; then cp -L --parents "$lib" /out/; fi; \
    done; \
    printf 'root:x:0:0:root:/root:/sbin/nologin\nnginx:x:101:101:nginx:/var/cache/nginx:/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin\n' >/out/etc/passwd; \
    printf 'root:x:0:\nnginx:x:101:\nnogroup:x:65534:\n' >/out/etc/group; \
    echo 'hosts: files dns' >/out/etc/nsswitch.conf; \
    ln -s /dev/stdout /out/var/log/nginx/access.log; ln -s /dev/stderr /out/var/log/nginx/error.log; \
    chown -R 101:101 /out/var/cache/nginx /out/usr/share/nginx/html; chmod 1777 /out/tmp

FROM scratch
COPY --from=pick /out /
EXPOSE 80
STOPSIGNAL SIGQUIT
CMD ["/usr/sbin/nginx", "-g", "daemon off;"]
