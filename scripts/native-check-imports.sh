#!/usr/bin/env bash
# Fails unless a Windows addon imports only system DLLs. A direct node.exe import would make the
# addon fail to load in a renamed executable or a single-executable build ("Module not found.").
set -euo pipefail
DLL=${1:?usage: native-check-imports.sh file.node}
ALLOWED='^(kernel32|advapi32|user32|userenv|fwpuclnt|setupapi|wtsapi32|msvcrt|ntdll)\.dll$'
mapfile -t IMPORTS < <(x86_64-w64-mingw32-objdump -p "$DLL" | sed -n 's/^\s*DLL Name: //p' | tr 'A-Z' 'a-z')
bad=0
for dll in "${IMPORTS[@]}"; do
  if ! [[ "$dll" =~ $ALLOWED ]]; then echo "native-check-imports: $DLL imports $dll" >&2; bad=1; fi
done
echo "native-check-imports: $(printf '%s ' "${IMPORTS[@]}")"
exit $bad
