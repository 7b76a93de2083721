-- wrk script for bench/sessions.sh: every request creates a session through the API.
wrk.method = "POST"
wrk.path = "/api/sessions"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("CARDFORM_SECRET_KEY")
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"amount": 1000, "currency": "EUR"}'
