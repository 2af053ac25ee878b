// Package stress holds ubp's stress runs, built only with the "stress" tag
// (make stress; .ci/run runs the short mode, go test -short). Each part
// drives the real ubp binary (-ubp, built by make) on a generated project
// and is bounded in count and time:
//
//   - TestKillLoop: `ubp index` and `ubp serve` killed with SIGKILL at random
//     moments while they write; after each kill the index passes SQLite's
//     integrity check, the next run completes (no stale lock), and the
//     result equals a twin index built once from the same files.
//   - TestConcurrentRun: `ubp serve` watching the folder, `ubp index`,
//     `ubp search` and `ubp get-page` processes and `git checkout` between
//     two branches, all at once: no "database is locked", no crash, and the
//     final index equals a twin.
//   - TestBadInputFolder: binary, invalid UTF-8, oversized, pathological and
//     mistyped files, symlinks out of the folder, broken and looping, a FIFO,
//     control characters in names: `ubp index` ends with warnings, nothing
//     outside the folder is served, every command answers.
//   - TestHostileHTTPClient: oversized bodies, many sessions, stalled and
//     slow requests, bad Origin and Host against `ubp serve --http` on
//     127.0.0.1: the server keeps answering well-behaved clients.
//     TestHTTPToken: missing, wrong and partial bearer tokens get 401.
package stress
