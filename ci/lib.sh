# shellcheck shell=bash
# ci/lib.sh — helpers shared by the ci/ scripts; source it, don't run it.
#
#   ol_root              absolute path of the repository root
#   ol_log MSG...        print "ci: MSG" on stderr
#   ol_die MSG...        print "ci: error: MSG" on stderr and exit 1
#   ol_as_root CMD...    run CMD as root (directly, or via sudo when not root)
#   ol_ensure_packages PKG...
#                        install the Debian packages of PKG... that dpkg-query
#                        does not report as installed ("apt-get update" first);
#                        does nothing when all are present
#   ol_build_dir         the meson build directory the scripts use:
#                        $BUILD_DIR, else build-asan when SANITIZE=1, else build
#                        (relative paths are relative to the repository root)

ol_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)

ol_log() { printf 'ci: %s\n' "$*" >&2; }
ol_die() { printf 'ci: error: %s\n' "$*" >&2; exit 1; }

ol_as_root() {
	if [ "$(id -u)" -eq 0 ]; then
		"$@"
	elif command -v sudo >/dev/null 2>&1; then
		sudo -- "$@"
	else
		ol_die "need root to run '$*' (not root, and sudo is not installed)"
	fi
}

ol_pkg_installed() {
	[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]
}

ol_ensure_packages() {
	local missing=() p
	command -v dpkg-query >/dev/null 2>&1 ||
		ol_die "dpkg-query not found: these scripts expect Debian (bookworm) or a derivative"
	for p in "$@"; do
		ol_pkg_installed "$p" || missing+=("$p")
	done
	[ "${#missing[@]}" -eq 0 ] && return 0
	ol_log "missing Debian packages: ${missing[*]}"
	ol_log "+ apt-get update"
	ol_as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq ||
		ol_die "apt-get update failed"
	ol_log "+ apt-get install -y --no-install-recommends ${missing[*]}"
	ol_as_root env DEBIAN_FRONTEND=noninteractive \
		apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2 ||
		ol_die "apt-get install failed"
}

ol_build_dir() {
	local d
	if [ -n "${BUILD_DIR:-}" ]; then
		d=$BUILD_DIR
	elif [ "${SANITIZE:-0}" = 1 ]; then
		d=build-asan
	else
		d=build
	fi
	case "$d" in
	/*) printf '%s\n' "$d" ;;
	*) printf '%s/%s\n' "$ol_root" "$d" ;;
	esac
}
