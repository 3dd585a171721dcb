#include "http_exchange.h"

#include <httplib.h>

#include <charconv>
#include <cmath>

namespace caqa::eval {

namespace {

std::optional<double> parse_retry_after(const std::string& value) {
  double seconds = 0;
  auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), seconds);
  if (ec != std::errc() || end != value.data() + value.size() || !std::isfinite(seconds) || seconds < 0)
    return std::nullopt;  // an HTTP date: fall back to the backoff schedule
  return seconds;
}

}  // namespace

std::pair<std::string, std::string> split_base_url(const std::string& base_url) {
  std::size_t scheme = base_url.find("://");
  std::size_t slash = base_url.find('/', scheme == std::string::npos ? 0 : scheme + 3);
  std::string host = slash == std::string::npos ? base_url : base_url.substr(0, slash);
  std::string prefix = slash == std::string::npos ? "" : base_url.substr(slash);
  while (prefix.ends_with('/')) prefix.pop_back();
  return {host, prefix};
}

CallResult classify_response(const httplib::Result& response) {
  CallResult out;
  if (!response) {
    httplib::Error error = response.error();
    out.error =
        error == httplib::Error::Read || error == httplib::Error::Write || error == httplib::Error::ConnectionTimeout
            ? CallError::Timeout
            : CallError::Connection;
    // httplib reports a read timeout and a connection dropped mid-request alike (Read).
    out.detail = httplib::to_string(error);
    return out;
  }
  out.status = response->status;
  if (response->status == 429 || response->status == 503) {
    if (response->has_header("Retry-After"))
      out.retry_after_s = parse_retry_after(response->get_header_value("Retry-After"));
  }
  if (response->status == 429) {
    out.error = CallError::RateLimited;
  } else if (response->status >= 500) {
    out.error = CallError::Server;
  } else if (response->status == 408) {
    out.error = CallError::Timeout;
  } else if (response->status < 200 || response->status >= 300) {
    out.error = CallError::Client;
  }
  if (out.error != CallError::None)
    out.detail = "HTTP " + std::to_string(response->status) + ": " + response->body.substr(0, 200);
  // A redirect is not followed: a request's body and key would go where the user did not say.
  if (response->status >= 300 && response->status < 400)
    out.detail = "HTTP " + std::to_string(response->status) + " redirect to " +
                 (response->has_header("Location") ? response->get_header_value("Location") : std::string("nowhere")) +
                 "; caqa follows no redirect: give that URL as --endpoint";
  return out;
}

}  // namespace caqa::eval
