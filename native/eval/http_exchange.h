// What every HTTP client of caqa (the OpenAI-compatible one, the SPARQL one) makes of an
// exchange over cpp-httplib: the base URL split into host and path, and the response
// sorted into the error classes that the retry policy (request_pool.h) knows.
#pragma once

#include <string>
#include <utility>

#include "openai_client.h"

namespace httplib {
class Result;
}

namespace caqa::eval {

// "http://host:port/a/b/" -> {"http://host:port", "/a/b"}.
std::pair<std::string, std::string> split_base_url(const std::string& base_url);

// The error class of an exchange (CallError::None for a 2xx response), with the status,
// a Retry-After in seconds and, on error, the start of the body; `text` is left empty.
CallResult classify_response(const httplib::Result& response);

}  // namespace caqa::eval
