#!/usr/bin/env bash
# A Samba AD domain controller (DLP.TEST) for the directory sign-in tests, on 127.0.0.1 only
# (recipe: ../shared/reference/test-peers.md section 5). Provisioning is slow, so the provisioned
# directory (users, groups, CA, server certificate) is made once in $1 and copied into $2 for each
# run; only smb.conf holds the directory's path. Ends by exec-ing samba in the foreground, so the
# caller's child process is the server and stopping it stops winbindd too.
set -euo pipefail
CACHE=$1
D=$2
provision() {
  local C=$1
  rm -rf "$C"
  mkdir -p "$C/tls" "$C/log" "$C/run"
  samba-tool domain provision --use-rfc2307 --realm=DLP.TEST --domain=DLPTEST --server-role=dc \
    --dns-backend=SAMBA_INTERNAL --adminpass='Passw0rd!Admin1' --host-name=dc1 --targetdir="$C" \
    --option="interfaces=lo" --option="bind interfaces only=yes" >"$C/log/provision.out" 2>&1
  (
    cd "$C/tls"
    openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj '/CN=Custos Test Directory CA' \
      -keyout ca-key.pem -out ca.pem >/dev/null 2>&1
    openssl req -newkey rsa:2048 -nodes -subj '/CN=dc1.dlp.test' -keyout key.pem -out req.pem >/dev/null 2>&1
    printf 'subjectAltName=DNS:dc1.dlp.test,IP:127.0.0.1\n' >san.ext
    openssl x509 -req -in req.pem -CA ca.pem -CAkey ca-key.pem -CAcreateserial -days 30 \
      -extfile san.ext -out cert.pem >/dev/null 2>&1
    chmod 600 key.pem ca-key.pem
  )
  sed -i -e '/dns forwarder/d' -e "s#log file = .*#log file = $C/log/log.%m#" "$C/etc/smb.conf"
  sed -i "/^\[global\]/a\\
\tserver services = -dns -nbt -wrepl -ntp_signd -dnsupdate -s3fs\\
\tpid directory = $C/run\\
\ttls enabled = yes\\
\ttls keyfile = $C/tls/key.pem\\
\ttls certfile = $C/tls/cert.pem\\
\ttls cafile = $C/tls/ca.pem" "$C/etc/smb.conf"
  # The directory the tests use, written to the local database before any server starts.
  local A=(-s "$C/etc/smb.conf")
  samba-tool user add svc-custos 'Passw0rd!Service1' "${A[@]}" >/dev/null
  samba-tool user add alice 'Passw0rd!Alice1' --given-name=Alice --surname=Doe \
    --mail-address=alice@dlp.test "${A[@]}" >/dev/null
  samba-tool user add bob 'Passw0rd!Bob1' --given-name=Bob --surname=Roe \
    --mail-address=bob@dlp.test "${A[@]}" >/dev/null
  samba-tool user add carol 'Passw0rd!Carol1' --mail-address=carol@dlp.test "${A[@]}" >/dev/null
  samba-tool user disable carol "${A[@]}" >/dev/null
  samba-tool group add DLP-Analysts "${A[@]}" >/dev/null
  samba-tool group add DLP-Nested "${A[@]}" >/dev/null
  samba-tool group addmembers DLP-Analysts alice,carol "${A[@]}" >/dev/null
  samba-tool group addmembers DLP-Nested DLP-Analysts "${A[@]}" >/dev/null
  touch "$C/ready"
}
mkdir -p "$(dirname "$CACHE")"
(
  flock 9
  [ -f "$CACHE/ready" ] || provision "$CACHE"
) 9>"$CACHE.lock"
rm -rf "$D"
cp -a "$CACHE" "$D"
sed -i "s#$CACHE/#$D/#g" "$D/etc/smb.conf"
exec samba -i -M single -s "$D/etc/smb.conf"
