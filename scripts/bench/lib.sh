# Shared by the benchmark scripts (sourced, not run).

# bench_free_port: a TCP port on 127.0.0.1 that is free now.
bench_free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

# bench_application_lua FILE ORIGIN COMPANY: writes a wrk script that POSTs one valid contact
# application (JSON, the site's Origin) from COMPANY, and counts the 201 answers in `created`.
bench_application_lua() {
  cat >"$1" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Origin"] = "$2"
wrk.body = '{"lang":"en","company":"$3","country":"SG","businessType":"fund","website":"https://bench.example.com","contactPerson":"Tan Wei Ming","areaCode":"SG","phone":"9123 4567","email":"ops@bench.example.com","consent":true,"request":null,"sourcePage":"/contact-us","fax":""}'
created = 0
response = function(status, headers, body)
  if status == 201 then created = created + 1 end
end
LUA
}
