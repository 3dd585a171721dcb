// caqa serve: serves the static leaderboard site (dist/ from scripts/build_site.sh) on
// the loopback interface, for trying it locally. Static files only: no directory
// listing, no path outside the folder, GET and HEAD.
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <fmt/format.h>
#include <httplib.h>

#include <unistd.h>

#include <cerrno>

#include "command.h"
#include "inputs.h"

namespace caqa::cli {

namespace {

// The stop signal's pipe (see ServeCommand::run): a handler may only make async-signal-safe calls.
int stop_pipe[2] = {-1, -1};
extern "C" void on_stop_signal(int) {
  const char byte = 1;
  [[maybe_unused]] const auto written = ::write(stop_pipe[1], &byte, 1);
}

namespace fs = std::filesystem;

constexpr const char* kServeHelp =
    "Serves FOLDER's files over HTTP (GET, HEAD) until SIGINT or SIGTERM, then exits 0.\n"
    "Rejected: paths with \"..\" or \".\" segments (also percent-encoded), backslashes, NUL, \"//\"\n"
    "(400); directories without index.html, hidden files and anything outside FOLDER (404).\n"
    "  bash scripts/build_site.sh && caqa serve dist --port 8080";

std::string_view mime_type(const fs::path& file) {
  std::string ext = file.extension().string();
  if (ext == ".html" || ext == ".htm") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
  if (ext == ".wasm") return "application/wasm";
  if (ext == ".json" || ext == ".map") return "application/json";
  if (ext == ".jsonl") return "application/jsonl; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".csv") return "text/csv; charset=utf-8";
  if (ext == ".md" || ext == ".txt") return "text/plain; charset=utf-8";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".ico") return "image/x-icon";
  return "application/octet-stream";
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The request target's path, percent-decoded once, as folder-relative segments; nullopt
// (400) when it is not a plain relative path. Works on the raw target, not on
// httplib's decoded path, so every encoding of a separator or dot is seen.
std::optional<std::vector<std::string>> safe_segments(std::string_view target) {
  target = target.substr(0, target.find_first_of("?#"));
  if (target.empty() || target[0] != '/' || target.substr(0, 2) == "//") return std::nullopt;
  std::string path;
  for (std::size_t i = 0; i < target.size(); ++i) {
    char c = target[i];
    if (c == '%') {
      int hi = i + 2 < target.size() ? hex_value(target[i + 1]) : -1;
      int lo = hi >= 0 ? hex_value(target[i + 2]) : -1;
      if (lo < 0) return std::nullopt;
      c = static_cast<char>(hi * 16 + lo);
      i += 2;
    }
    if (c == '\\' || c == '\0' || static_cast<unsigned char>(c) < 0x20) return std::nullopt;
    path += c;
  }
  std::vector<std::string> segments;
  std::size_t start = 1;
  while (start <= path.size()) {
    std::size_t end = path.find('/', start);
    if (end == std::string::npos) end = path.size();
    std::string segment = path.substr(start, end - start);
    if (segment == "." || segment == "..") return std::nullopt;
    if (segment.empty() && end != path.size()) return std::nullopt;  // "a//b"
    if (!segment.empty()) segments.push_back(std::move(segment));
    start = end + 1;
  }
  return segments;
}

class ServeCommand : public Command {
 public:
  explicit ServeCommand(CLI::App& parent) {
    CLI::App* app = parent.add_subcommand("serve", "Serve the static leaderboard site (default dist/) on 127.0.0.1.");
    app->add_option("folder", folder_, "Folder to serve")->capture_default_str()->type_name("FOLDER");
    app->add_option("--host", host_, "Address to listen on")->capture_default_str();
    app->add_option("--port", port_, "Port to listen on (0 = any free port, printed on start)")
        ->check(CLI::Range(0, 65535))
        ->capture_default_str();
    app->footer(kServeHelp);
  }

  int run() override {
    std::error_code ec;
    root_ = fs::canonical(folder_, ec);
    if (ec || !fs::is_directory(root_)) {
      fmt::print(stderr, "caqa: {} is not a folder (build the site with scripts/build_site.sh)\n", folder_);
      return kExitUsage;
    }
    // SIGINT/SIGTERM write a byte to a pipe that a waiting thread reads, then it stops the
    // server. A handler, not sigwait on a blocked mask: libraries start threads before
    // main (OpenBLAS's pool), and the kernel may deliver the signal to any of them.
    if (::pipe(stop_pipe) != 0) {
      fmt::print(stderr, "caqa: cannot create a pipe for the stop signal\n");
      return kExitUsage;
    }
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);

    httplib::Server server;
    server.Get(".*", [this](const httplib::Request& req, httplib::Response& res) { handle(req, res); });
    server.set_pre_routing_handler([](const httplib::Request& req, httplib::Response& res) {
      if (req.method == "GET" || req.method == "HEAD") return httplib::Server::HandlerResponse::Unhandled;
      res.status = 405;
      res.set_header("Allow", "GET, HEAD");
      return httplib::Server::HandlerResponse::Handled;
    });
    int port = port_;
    bool bound = port == 0 ? (port = server.bind_to_any_port(host_)) > 0 : server.bind_to_port(host_, port);
    if (!bound) {
      fmt::print(stderr, "caqa: cannot listen on {}:{} (in use, or not a local address?)\n", host_, port_);
      return kExitUsage;
    }
    fmt::print(stderr, "caqa: serving {} on http://{}:{}/ (Ctrl-C stops)\n", root_.string(), host_, port);
    std::fflush(stderr);
    std::thread waiter([&] {
      char byte = 0;
      while (::read(stop_pipe[0], &byte, 1) < 0 && errno == EINTR) {
      }
      server.stop();
    });
    bool ok = server.listen_after_bind();
    if (!ok && server.is_running()) server.stop();
    // listen returned: either a signal stopped it (the waiter is done) or it failed.
    if (!ok) on_stop_signal(0);
    waiter.join();
    fmt::print(stderr, "caqa: stopped\n");
    return kExitOk;
  }

 private:
  void handle(const httplib::Request& req, httplib::Response& res) {
    res.set_header("X-Content-Type-Options", "nosniff");
    auto segments = safe_segments(req.target);
    if (!segments) {
      res.status = 400;
      res.set_content("bad request path\n", "text/plain; charset=utf-8");
      return;
    }
    fs::path file = root_;
    for (const auto& s : *segments) {
      if (s[0] == '.') return not_found(res);  // hidden files, .dist.* staging folders
      file /= s;
    }
    std::error_code ec;
    if (fs::is_directory(file, ec)) file /= "index.html";
    fs::path real = fs::canonical(file, ec);
    // Symbolic links may not lead out of the folder either.
    if (ec || !fs::is_regular_file(real, ec) || !is_inside(real)) return not_found(res);
    std::ifstream in(real, std::ios::binary);
    std::ostringstream body;
    body << in.rdbuf();
    if (!in) return not_found(res);
    res.set_header("Cache-Control", "no-cache");
    res.set_content(body.str(), std::string(mime_type(real)));
  }

  bool is_inside(const fs::path& real) const {
    auto [r, p] = std::mismatch(root_.begin(), root_.end(), real.begin(), real.end());
    return r == root_.end() && p != real.end();
  }

  static void not_found(httplib::Response& res) {
    res.status = 404;
    res.set_content("not found\n", "text/plain; charset=utf-8");
  }

  std::string folder_ = "dist";
  std::string host_ = "127.0.0.1";
  int port_ = 8080;
  fs::path root_;
};

}  // namespace

std::unique_ptr<Command> add_serve_command(CLI::App& app) { return std::make_unique<ServeCommand>(app); }

}  // namespace caqa::cli
