#!/usr/bin/env bash
# CI: import the Developer ID Application certificate into a temporary keychain for codesign.
#
#   MACOS_CERTIFICATE_P12_BASE64=... MACOS_CERTIFICATE_PASSWORD=... packaging/macos/import_certificate.sh
#
# Prints nothing secret. The keychain lives in $RUNNER_TEMP (or $TMPDIR) and is searched first.
set -euo pipefail

: "${MACOS_CERTIFICATE_P12_BASE64:?not set}"
: "${MACOS_CERTIFICATE_PASSWORD:?not set}"
dir=${RUNNER_TEMP:-${TMPDIR:-/tmp}}
keychain="$dir/inference-sizer-signing.keychain-db"
keychain_password=$(uuidgen)
p12="$dir/inference-sizer-signing.p12"

printf '%s' "$MACOS_CERTIFICATE_P12_BASE64" | base64 --decode > "$p12"
security create-keychain -p "$keychain_password" "$keychain"
security set-keychain-settings -lut 21600 "$keychain"
security unlock-keychain -p "$keychain_password" "$keychain"
security import "$p12" -k "$keychain" -P "$MACOS_CERTIFICATE_PASSWORD" -T /usr/bin/codesign -T /usr/bin/security
security set-key-partition-list -S apple-tool:,apple:,codesign: -s -k "$keychain_password" "$keychain" > /dev/null
# shellcheck disable=SC2046 # the existing keychain list is word-split on purpose
security list-keychains -d user -s "$keychain" $(security list-keychains -d user | tr -d '"')
rm -f "$p12"
security find-identity -v -p codesigning "$keychain" | sed -E 's/"[^"]*"/"(identity)"/'
