#!/usr/bin/env bash
# Notarize a signed .app or .dmg with Apple and staple the ticket to it (so Gatekeeper accepts it
# offline too).
#
#   packaging/macos/notarize.sh PATH
#
# Credentials from the environment, either an App Store Connect API key
#   APPLE_API_KEY_PATH (the .p8 file), APPLE_API_KEY_ID, APPLE_API_ISSUER
# or an Apple ID with an app-specific password
#   APPLE_ID, APPLE_TEAM_ID, APPLE_APP_PASSWORD
# An .app is zipped with `ditto -c -k --keepParent` for the upload: plain `zip` follows the
# symlinks inside Qt's frameworks and the notary service rejects the result.
set -euo pipefail

target=${1:?usage: notarize.sh PATH_TO_APP_OR_DMG}
[[ -e "$target" ]] || { echo "notarize: $target does not exist" >&2; exit 2; }

if [[ -n "${APPLE_API_KEY_ID:-}" ]]; then
    auth=(--key "${APPLE_API_KEY_PATH:?APPLE_API_KEY_PATH is not set}" --key-id "$APPLE_API_KEY_ID"
          --issuer "${APPLE_API_ISSUER:?APPLE_API_ISSUER is not set}")
elif [[ -n "${APPLE_ID:-}" ]]; then
    auth=(--apple-id "$APPLE_ID" --team-id "${APPLE_TEAM_ID:?APPLE_TEAM_ID is not set}"
          --password "${APPLE_APP_PASSWORD:?APPLE_APP_PASSWORD is not set}")
else
    echo "notarize: no credentials (APPLE_API_KEY_ID or APPLE_ID)" >&2
    exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/is-notarize.XXXXXX")
trap 'rm -rf "$work"' EXIT
if [[ -d "$target" ]]; then
    upload="$work/$(basename "$target" .app).zip"
    ditto -c -k --sequesterRsrc --keepParent "$target" "$upload"
else
    upload=$target
fi

result="$work/result.json"
xcrun notarytool submit "$upload" "${auth[@]}" --wait --output-format json | tee "$result"
status=$(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("status", ""))' "$result")
if [[ "$status" != "Accepted" ]]; then
    id=$(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("id", ""))' "$result")
    echo "notarize: status '$status'" >&2
    if [[ -n "$id" ]]; then
        xcrun notarytool log "$id" "${auth[@]}" >&2 || true
    fi
    exit 1
fi

xcrun stapler staple "$target"
xcrun stapler validate "$target"
echo "notarize: $target notarized and stapled"
