#!/usr/bin/env bash
# integrations/xcode/navrc-build-phase run as Xcode runs a Run Script phase: in a made-up
# project folder (a copy of examples/scan/ObjCApp as $SRCROOT), with the build settings Xcode
# sets, user script sandboxing on, and the input file list navrc-xcode-inputs writes, resolved
# as Xcode resolves it. Usage: xcode-build-phase.sh NAVRC WORK_FOLDER
set -euo pipefail
repository="$(cd "$(dirname "$0")/../.." && pwd)"
navrc="$1"
work="$2"
phase="$repository/integrations/xcode/navrc-build-phase"
fail() { printf 'FAILED: xcode build phase: %s\n' "$*" >&2; exit 1; }

srcroot="$work/Project"
derived="$work/DerivedData/Project-abc/Build/Intermediates.noindex/App.build/Debug-iphonesimulator/App.build/DerivedSources"
mkdir -p "$srcroot/App" "$derived" "$work/bin" "$work/home"
cp "$repository"/examples/scan/ObjCApp/* "$srcroot/App/"
echo "/* not read by navrc */" > "$srcroot/App/notes.txt"

# The list, written in the project folder, then resolved as Xcode does into DerivedSources.
(cd "$srcroot" && "$repository/integrations/xcode/navrc-xcode-inputs" > /dev/null)
grep -q '^\$(SRCROOT)/App/InboxViewController.m$' "$srcroot/navrc-inputs.xcfilelist" \
  || fail "navrc-xcode-inputs did not list App/InboxViewController.m"
grep -q 'notes.txt' "$srcroot/navrc-inputs.xcfilelist" && fail "navrc-xcode-inputs listed a .txt"
(cd "$srcroot" && "$repository/integrations/xcode/navrc-xcode-inputs" --check) \
  || fail "navrc-xcode-inputs --check: a fresh list is stale"
touch "$srcroot/App/Added.swift"
if (cd "$srcroot" && "$repository/integrations/xcode/navrc-xcode-inputs" --check 2> /dev/null); then
  fail "navrc-xcode-inputs --check: a list without a new file is not stale"
fi
rm "$srcroot/App/Added.swift"
resolved="$derived/App-navrc-InputFileList-0-resolved.xcfilelist"
sed "s|\$(SRCROOT)|$srcroot|" "$srcroot/navrc-inputs.xcfilelist" > "$resolved"

# Xcode runs the phase with /bin/sh from $SRCROOT, a short PATH and its build settings.
run_phase() {
  (cd "$srcroot" && env -i HOME="$work/home" PATH="$1" SRCROOT="$srcroot" \
    PROJECT_DIR="$srcroot" BUILD_DIR="$work/DerivedData/Project-abc/Build/Products" \
    DERIVED_FILE_DIR="$derived" ENABLE_USER_SCRIPT_SANDBOXING=YES ACTION=build \
    CONFIGURATION=Debug PLATFORM_NAME=iphonesimulator TARGET_NAME=App \
    SCRIPT_INPUT_FILE_LIST_COUNT="${lists:-1}" SCRIPT_INPUT_FILE_LIST_0="$resolved" \
    SCRIPT_INPUT_FILE_COUNT=0 SCRIPT_OUTPUT_FILE_COUNT=1 \
    SCRIPT_OUTPUT_FILE_0="$derived/navrc-scan.stamp" SCRIPT_OUTPUT_FILE_LIST_COUNT=0 \
    /bin/sh -c "\"$phase\"")
}

# navrc on PATH (as Homebrew or a copy in /usr/local/bin would put it).
ln -s "$navrc" "$work/bin/navrc"
set +e
run_phase "$work/bin:/usr/bin:/bin" > "$work/phase.out" 2>&1
status=$?
(cd "$srcroot" && "$navrc" scan -- "$srcroot"/App/*.h "$srcroot"/App/*.m "$srcroot"/App/*.storyboard) \
  > "$work/direct.out" 2>&1
direct=$?
set -e
[ $status -eq $direct ] || fail "status $status, navrc scan's is $direct"
[ $status -eq 1 ] || fail "ObjCApp has errors: expected status 1, got $status"
diff "$work/direct.out" "$work/phase.out" > /dev/null \
  || { diff "$work/direct.out" "$work/phase.out" | head; fail "the phase's report differs from navrc scan's"; }
grep -q "^$srcroot/App/UINavigationController+SwipeBack.m:[0-9]*:[0-9]*: error: .*\[root-pop\]$" \
  "$work/phase.out" || fail "no absolute FILE:LINE:COL: error: … [root-pop] line for Xcode"
[ ! -e "$derived/navrc-scan.stamp" ] || fail "the output stamp was written although the scan failed"

# A clean scan writes the declared output, so Xcode skips the phase until an input changes.
grep -v -e SwipeBack -e '^#' "$srcroot/navrc-inputs.xcfilelist" | sed "s|\$(SRCROOT)|$srcroot|" > "$resolved"
run_phase "$work/bin:/usr/bin:/bin" > "$work/clean.out" 2>&1 || { cat "$work/clean.out"; fail "a clean scan failed"; }
[ -e "$derived/navrc-scan.stamp" ] || fail "a clean scan did not write \$SCRIPT_OUTPUT_FILE_0"

# Found through Mint's link folder when it is not on PATH.
mkdir -p "$work/home/.mint/bin" && ln -s "$navrc" "$work/home/.mint/bin/navrc"
run_phase "/usr/bin:/bin" > "$work/mint.out" 2>&1 || { cat "$work/mint.out"; fail "navrc from ~/.mint/bin"; }
grep -q '^0 errors, 3 warnings$' "$work/mint.out" || fail "navrc from ~/.mint/bin was not used"
rm -r "$work/home/.mint"

# Found in the project's SourcePackages, where Xcode unpacks navrc-plugins' bundle.
variant="linux-$(uname -m)"; [ "$(uname -s)" = Darwin ] && variant=macos
bundled="$work/DerivedData/Project-abc/SourcePackages/artifacts/navrc-plugins/navrc-binary/navrc.artifactbundle/navrc-0.0.0-$variant/bin"
mkdir -p "$bundled" && ln -s "$navrc" "$bundled/navrc"
run_phase "/usr/bin:/bin" > "$work/bundle.out" 2>&1 || { cat "$work/bundle.out"; fail "navrc from SourcePackages"; }
grep -q '^0 errors, 3 warnings$' "$work/bundle.out" || fail "the bundled navrc was not found"
rm -r "$work/DerivedData/Project-abc/SourcePackages"

# Without navrc: one warning, and the build goes on.
run_phase "/usr/bin:/bin" > "$work/missing.out" 2>&1 || fail "a missing navrc failed the build"
[ "$(wc -l < "$work/missing.out")" -eq 1 ] || { cat "$work/missing.out"; fail "not one line without navrc"; }
grep -q '^warning: navrc is not installed' "$work/missing.out" || fail "no warning: line without navrc"

# Sandboxed without a list: a warning that says what to declare, not a walk of $SRCROOT.
lists=0 run_phase "$work/bin:/usr/bin:/bin" > "$work/nolist.out" 2>&1 || fail "no list failed the build"
grep -q '^warning: navrc scan has no input files' "$work/nolist.out" || fail "no warning without a list"
# The configuration file: listed by navrc-xcode-inputs, passed as --config (to a navrc that
# knows the option; this stand-in prints its arguments), and not scanned as a source.
mkdir -p "$work/stand-in"
cat > "$work/stand-in/navrc" << 'STAND_IN'
#!/bin/sh
if [ "$2" = --help ]; then echo "  --config FILE"; exit 0; fi
printf '%s\n' "$@"
STAND_IN
chmod +x "$work/stand-in/navrc"
echo "disable: []" > "$srcroot/.navrc"
(cd "$srcroot" && "$repository/integrations/xcode/navrc-xcode-inputs" > /dev/null)
grep -qx '\$(SRCROOT)/.navrc' "$srcroot/navrc-inputs.xcfilelist" || fail "the list does not name .navrc"
sed "s|\$(SRCROOT)|$srcroot|" "$srcroot/navrc-inputs.xcfilelist" > "$resolved"
run_phase "$work/stand-in:/usr/bin:/bin" > "$work/config.out" 2>&1 || fail "the stand-in failed"
[ "$(sed -n 2,3p "$work/config.out" | tr '\n' ' ')" = "--config $srcroot/.navrc " ] \
  || { cat "$work/config.out"; fail "--config .navrc was not passed first"; }
grep -c '\.navrc$' "$work/config.out" | grep -qx 1 || fail ".navrc was also given as a source"

echo "    report as navrc scan's with absolute paths, status kept, stamp on success; PATH, Mint and SourcePackages found; missing navrc and missing list warn; .navrc passed as --config"
