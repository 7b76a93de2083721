# Sourced by the bench scripts (not run by `make bench`, which runs bench/*.sh).
# listening_url FILE: waits (up to 60 s) for the "listening on URL" line a server writes to FILE and
# prints URL; prints nothing when it never comes, for the caller to report.
listening_url() {
  for _ in $(seq 1 1200); do
    # The background server may not have created FILE yet: sed then fails (status 2), and under
    # `set -e` that failed assignment would end the calling script without a word.
    found=$(sed -n 's/.*listening on \(http:[^ ]*\).*/\1/p' "$1" 2>/dev/null || true)
    if [ -n "$found" ]; then echo "$found"; return 0; fi
    sleep 0.05
  done
}
