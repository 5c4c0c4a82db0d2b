#!/usr/bin/env bash
# Wrap InferenceSizer.app in a compressed, drag-to-install disk image.
#
#   packaging/macos/make_dmg.sh APP_PATH DMG_PATH [VOLUME_NAME]
#
# The image holds the app and a link to /Applications. hdiutil fails at random on CI runners
# ("Resource busy" while XProtect scans the new image), hence the retries.
set -euo pipefail

app=${1:?usage: make_dmg.sh APP_PATH DMG_PATH [VOLUME_NAME]}
dmg=${2:?usage: make_dmg.sh APP_PATH DMG_PATH [VOLUME_NAME]}
volume=${3:-Inference Sizer}

[[ -d "$app" ]] || { echo "make_dmg: $app is not an app bundle" >&2; exit 2; }
staging=$(mktemp -d "${TMPDIR:-/tmp}/is-dmg.XXXXXX")
trap 'rm -rf "$staging"' EXIT

# ditto keeps symlinks, permissions, extended attributes and the code signature intact.
ditto "$app" "$staging/$(basename "$app")"
ln -s /Applications "$staging/Applications"
rm -f "$dmg"

for attempt in 1 2 3 4 5 6 7 8 9 10; do
    if hdiutil create -volname "$volume" -srcfolder "$staging" -fs HFS+ -format UDZO \
        -imagekey zlib-level=9 -ov "$dmg"; then
        echo "make_dmg: wrote $dmg"
        exit 0
    fi
    echo "make_dmg: hdiutil failed (attempt $attempt), retrying in $((attempt * 3)) s" >&2
    sleep $((attempt * 3))
done
echo "make_dmg: hdiutil kept failing" >&2
exit 1
