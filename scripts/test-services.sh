#!/usr/bin/env bash
# What the tests need besides node_modules: Chromium, MariaDB, Redis and HAProxy. Installs (apt-get, as
# root) or starts whatever is missing, then prints the variables the tests read, one KEY=VALUE a
# line on stdout (scripts/test.mjs takes them in); everything else goes to stderr. When any of them
# cannot be installed or started the script ends with status 1 and one line naming what is
# missing: the tests are not run without them. (A new service: one `missing ...` line like those below.)
set -uo pipefail
exec 3>&1 1>&2

lacking=()
missing() { lacking+=("$1"); echo "MISSING: $1 ($2)"; }

apt_updated=0
apt_install() {
  if [ "$(id -u)" != 0 ]; then echo "not root: cannot apt-get install $*"; return 1; fi
  if [ "$apt_updated" = 0 ]; then apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if [ ! -x /usr/bin/chromium ]; then apt_install chromium || true; fi
[ -x /usr/bin/chromium ] || missing Chromium "/usr/bin/chromium, Debian package chromium: browser tests need it"

# The cluster's reverse proxy (fault tests, scripts/cluster); a binary only: each test starts its own.
if [ ! -x /usr/sbin/haproxy ]; then apt_install haproxy || true; fi
[ -x /usr/sbin/haproxy ] || missing HAProxy "/usr/sbin/haproxy, Debian package haproxy: fault tests need it"

mysql_ok() { mariadb -uroot -h127.0.0.1 -e 'SELECT 1' >/dev/null 2>&1; }
if ! command -v mariadbd >/dev/null 2>&1 && [ ! -x /usr/sbin/mariadbd ]; then apt_install mariadb-server mariadb-client || true; fi
if ! mysql_ok && [ -x /usr/sbin/mariadbd ]; then
  mkdir -p /run/mysqld && chown mysql:mysql /run/mysqld 2>/dev/null || true
  if [ ! -d /var/lib/mysql/mysql ]; then mariadb-install-db --user=mysql --datadir=/var/lib/mysql >/dev/null 2>&1 || true; fi
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd -- --user=mysql >/dev/null 2>&1 || true
  for _ in $(seq 1 60); do mysql_ok && break; sleep 1; done
  # A fresh Debian install lets root in only through the socket; allow the empty-password TCP login the tests use.
  mariadb -uroot -e "ALTER USER 'root'@'localhost' IDENTIFIED VIA mysql_native_password USING PASSWORD(''); FLUSH PRIVILEGES;" >/dev/null 2>&1 || true
fi
if mysql_ok; then
  # Tests create (and drop) their own databases on this server; this one only has to exist.
  mariadb -uroot -h127.0.0.1 -e 'CREATE DATABASE IF NOT EXISTS `crime_clock_test` CHARACTER SET utf8mb4'
  echo "TEST_MYSQL_URL=mysql://root@127.0.0.1:3306/crime_clock_test" >&3
else
  missing MariaDB "root without password on 127.0.0.1:3306, Debian package mariadb-server: integration and fault tests need it"
fi

redis_ok() { redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; }
if ! command -v redis-server >/dev/null 2>&1; then apt_install redis-server || true; fi
if ! redis_ok && command -v redis-server >/dev/null 2>&1; then
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null || true
  for _ in $(seq 1 20); do redis_ok && break; sleep 0.5; done
fi
if redis_ok; then
  echo "TEST_REDIS_URL=redis://127.0.0.1:6379" >&3
else
  missing Redis "127.0.0.1:6379, Debian package redis-server: multi-node and fault tests need it"
fi

if [ ${#lacking[@]} -gt 0 ]; then
  echo "Test services missing: ${lacking[*]}"
  exit 1
fi
