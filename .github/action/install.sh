#!/bin/sh
# Step "Install ah" of action.yml: download the release archive of
# $AH_VERSION for this runner and its checksums file, verify the archive's
# SHA-256, unpack ah and put it on PATH for the next steps ($GITHUB_PATH).
# AH_RELEASE_URL overrides where releases are read from (the acceptance
# test serves a local one).
set -eu
version=${AH_VERSION#v}
if [ -z "$version" ]; then
	echo "::error::ah action: the version input is required (a release such as 0.12.0)"
	exit 2
fi
case "${RUNNER_OS:-$(uname -s)}" in
Linux) os=linux ;;
macOS | Darwin) os=darwin ;;
Windows | MINGW* | MSYS* | CYGWIN*) os=windows ;;
*) echo "::error::ah action: no release for the OS ${RUNNER_OS:-$(uname -s)}"; exit 2 ;;
esac
case "${RUNNER_ARCH:-$(uname -m)}" in
X64 | x86_64 | amd64) arch=amd64 ;;
ARM64 | arm64 | aarch64) arch=arm64 ;;
*) echo "::error::ah action: no release for the architecture ${RUNNER_ARCH:-$(uname -m)}"; exit 2 ;;
esac
ext=tar.gz
[ "$os" = windows ] && ext=zip
base=${AH_RELEASE_URL:-https://github.com/espectacular/ah/releases/download/v$version}
archive=ah_${version}_${os}_${arch}.$ext
sums=ah_${version}_checksums.txt
dir=${RUNNER_TEMP:-${TMPDIR:-/tmp}}/ah-$version-$os-$arch
rm -rf "$dir"
mkdir -p "$dir"
curl -fsSL --retry 3 -o "$dir/$archive" "$base/$archive"
curl -fsSL --retry 3 -o "$dir/$sums" "$base/$sums"
want=$(awk -v f="$archive" '$2 == f || $2 == "*" f { print $1 }' "$dir/$sums")
if command -v sha256sum >/dev/null 2>&1; then
	got=$(sha256sum "$dir/$archive" | awk '{ print $1 }')
else
	got=$(shasum -a 256 "$dir/$archive" | awk '{ print $1 }')
fi
if [ -z "$want" ] || [ "$want" != "$got" ]; then
	echo "::error::ah action: $archive does not match $sums (want ${want:-no entry}, got $got): not installed"
	exit 1
fi
if [ "$ext" = zip ]; then
	unzip -q -o "$dir/$archive" -d "$dir"
else
	tar -xzf "$dir/$archive" -C "$dir"
fi
rm -f "$dir/$archive" "$dir/$sums"
echo "$dir" >>"$GITHUB_PATH"
"$dir/ah" --version
