// SPDX-License-Identifier: Apache-2.0
#include "args.h"
#include "commands.h"
#include "protocol/evaluate_line.h"

#include <unistd.h>

#include <cerrno>
#include <algorithm>
#include <cstring>
#include <functional>
#include <istream>
#include <ostream>

namespace cli
{
namespace
{

using policy::Reading;
using protocol::appendJsonString;
using protocol::EvaluateCase;
using protocol::EvaluateLineParser;

constexpr const char* kHelp = R"(usage: policyctl evaluate [--kandev]

Reads one case per line on standard input (JSON Lines):
  {"policies":P,"failure":{"code":C,"class":K?,"confidence":"high|medium|low"?,
   "catalogue_version":V?,"reset_at":T?}|null,"now":T,"retry_ordinal":n,
   "reset_wait_used":b,"effect_safe":b}
and writes one decision per line, as soon as the line is read:
  {"kind":"waiting_for_reset|retry_wait|skip|stop","class":K,"code":C,
   "catalogue_version":V,"retry_ordinal":n,"deadline":T|null,"pending_outcome":"skip|stop",
   "policy_errors":[PATH,...]?,"warnings":[...]?}
Times are RFC 3339 UTC. "policies" and "now" are required; an absent failure
is null, retry_ordinal defaults to 0, reset_wait_used and effect_safe to false
(so a case that does not say it is effect-safe stops).

Every JSON object with a valid "now" gets a decision, and what cannot be read
fails closed: policies that are not a valid v1 document stop, with the paths
in "policy_errors" (each explained on standard error); a field the decision
depends on of the wrong type stops; a reset_at that is not a time is not
trusted and is ignored; each of these, and unknown keys, are named in
"warnings". A line that is not a JSON object, or has no valid "now", gets
{"error":"...","line":N} and the stream goes on. Blank lines are skipped.

  --kandev   decide as kandev's Go backend does today where SPEC deliberately
             differs (see the README): the gate reports no class or code,
             agent_transport_lost and other non-fallback codes stop,
             confidence is not looked at, unknown keys inside policies are
             ignored and keys match without regard to case

exit codes: 0 every line answered with a decision from valid policies,
            1 some line had an error line or policy_errors, 2 usage error
            or standard output could not be written
)";

constexpr std::size_t kPadding = simdjson::SIMDJSON_PADDING;
constexpr std::size_t kInitialBuffer = 1 << 20;
// The parser answers a line past the bound; the buffer holds one byte more
// and the line's "\r\n", so that it sees every line it must answer.
constexpr std::size_t kLargestBuffer = protocol::kMaxEvaluateLineBytes + 3 + kPadding;

class Stream
{
public:
    Stream(Reading reading, std::function<long(char*, std::size_t)> read, std::function<bool(const std::string&)> write,
        std::ostream& err)
        : m_read(std::move(read))
        , m_write(std::move(write))
        , m_err(err)
        , m_buffer(kInitialBuffer + kPadding)
        , m_parser(reading)
        , m_reading(reading)
    {
    }

    int run()
    {
        std::size_t begin = 0, end = 0;
        bool skipping = false;  // inside a line that was too long
        for (;;) {
            if (end + kPadding >= m_buffer.size()) {
                if (begin > 0) {
                    std::memmove(m_buffer.data(), m_buffer.data() + begin, end - begin);
                    end -= begin;
                    begin = 0;
                } else if (m_buffer.size() < kLargestBuffer) {
                    m_buffer.resize(std::min(m_buffer.size() * 2, kLargestBuffer));
                } else {
                    // Longer than the parser reads: answer it once, drop its bytes.
                    if (!skipping)
                        error(m_lineNumber + 1, protocol::kLineTooLong);
                    skipping = true;
                    begin = end = 0;
                }
            }
            errno = 0;
            const long n = m_read(m_buffer.data() + end, m_buffer.size() - kPadding - end);
            if (n < 0) {
                // Standard input is a directory, or the read failed: say so,
                // never end as if the input had been read.
                const int error = errno;
                flush();
                m_err << "policyctl evaluate: cannot read standard input: " << std::strerror(error) << '\n';
                return kExitUsage;
            }
            if (n == 0) {
                if (end > begin && !skipping)
                    line(begin, end);
                if (!flush())
                    return kExitUsage;
                return m_failed ? kExitInvalid : kExitOk;
            }
            end += static_cast<std::size_t>(n);
            for (;;) {
                const void* nl = std::memchr(m_buffer.data() + begin, '\n', end - begin);
                if (!nl)
                    break;
                const auto stop = static_cast<std::size_t>(static_cast<const char*>(nl) - m_buffer.data());
                if (skipping) {
                    skipping = false;
                    ++m_lineNumber;
                } else {
                    line(begin, stop);
                }
                begin = stop + 1;
            }
            if (begin == end)
                begin = end = 0;
            // Answer what was read before blocking on the next read; a reader
            // that went away (EPIPE, a full disk) ends the stream.
            if (!flush())
                return kExitUsage;
        }
    }

private:
    void line(std::size_t begin, std::size_t end)
    {
        ++m_lineNumber;
        if (end > begin && m_buffer[end - 1] == '\r')
            --end;
        std::size_t first = begin;
        while (first < end && (m_buffer[first] == ' ' || m_buffer[first] == '\t'))
            ++first;
        if (first == end)
            return;
        const char* data = m_buffer.data() + first;
        const std::string problem = m_parser.parse(data, end - first, m_buffer.size() - first, m_case);
        if (!problem.empty()) {
            error(m_lineNumber, problem);
            return;
        }
        appendDecisionJson(m_out, decide(m_case, m_reading), m_case);
        m_out += '\n';
        if (!m_case.policyErrors.empty()) {
            m_failed = true;
            for (const std::string& message : m_case.policyErrorMessages)
                m_err << "policyctl evaluate: line " << m_lineNumber << ": " << message << '\n';
        }
    }

    void error(std::size_t lineNumber, const std::string& message)
    {
        m_failed = true;
        m_out += R"({"error":)";
        appendJsonString(m_out, "line " + std::to_string(lineNumber) + ": " + message);
        m_out += R"(,"line":)";
        m_out += std::to_string(lineNumber);
        m_out += "}\n";
    }

    bool flush()
    {
        if (m_out.empty())
            return true;
        errno = 0;
        const bool written = m_write(m_out);
        m_out.clear();
        if (!written) {
            m_err << "policyctl evaluate: cannot write to standard output";
            if (errno != 0)
                m_err << ": " << std::strerror(errno);
            m_err << '\n';
        }
        return written;
    }

    std::function<long(char*, std::size_t)> m_read;
    std::function<bool(const std::string&)> m_write;
    std::ostream& m_err;
    std::vector<char> m_buffer;
    std::string m_out;
    EvaluateLineParser m_parser;
    Reading m_reading;
    EvaluateCase m_case;
    std::size_t m_lineNumber = 0;
    bool m_failed = false;
};

}  // namespace

int evaluateCommand(const std::vector<std::string>& rawArgs, Io& io)
{
    Args args;
    if (const auto error = args.parse(rawArgs, {{"help", false}, {"kandev", false}}); !error.empty())
        return usageError(io, "evaluate", error);
    if (args.has("help")) {
        io.out << kHelp;
        return kExitOk;
    }
    if (!args.positional().empty())
        return usageError(io, "evaluate", "evaluate reads standard input and takes no FILE");

    std::function<long(char*, std::size_t)> read;
    if (io.inFd >= 0) {
        read = [fd = io.inFd](char* data, std::size_t size) -> long {
            for (;;) {
                const ssize_t n = ::read(fd, data, size);
                if (n < 0 && errno == EINTR)
                    continue;
                return static_cast<long>(n);
            }
        };
    } else {
        read = [&in = io.in](char* data, std::size_t size) -> long {
            in.read(data, static_cast<std::streamsize>(size));
            if (in.bad()) {
                errno = EIO;
                return -1;
            }
            return static_cast<long>(in.gcount());
        };
    }
    std::function<bool(const std::string&)> write;
    if (io.outFd >= 0) {
        write = [fd = io.outFd](const std::string& text) {
            std::size_t done = 0;
            while (done < text.size()) {
                const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
                if (n < 0 && errno == EINTR)
                    continue;
                if (n <= 0)
                    return false;
                done += static_cast<std::size_t>(n);
            }
            return true;
        };
    } else {
        write = [&out = io.out](const std::string& text) {
            out << text << std::flush;
            return static_cast<bool>(out);
        };
    }
    const Reading reading = args.has("kandev") ? Reading::KandevBackend : Reading::Spec;
    return Stream(reading, std::move(read), std::move(write), io.err).run();
}

}  // namespace cli
