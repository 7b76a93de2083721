-- wrk script for bench/http.sh: one keystroke, `POST /s/<id>/input` (CONTRACT §3), sent as the page
-- script sends it. The session's form token comes from CARDFORM_TOKEN (set by BENCH_SETUP's caller).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.headers["X-CardForm-Token"] = os.getenv("CARDFORM_TOKEN") or ""
wrk.body = "field=cardNumber&value=4242%204242%204242&caret=14&seq=1&event=input"
