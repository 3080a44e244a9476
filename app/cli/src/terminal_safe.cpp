#include "cli/terminal_safe.h"

#include "policy/text.h"

#include <algorithm>
#include <cstdint>

namespace cli {
namespace {

constexpr std::size_t kDrainAt = 64 * 1024;

void appendHex(std::string& out, const char* prefix, unsigned value)
{
    static constexpr char hex[] = "0123456789abcdef";
    out += prefix;
    out += hex[(value >> 4) & 15];
    out += hex[value & 15];
}

}  // namespace

std::string TerminalSafeBuffer::escape(std::string_view text, bool final, std::size_t* consumed)
{
    std::string out;
    out.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        const auto b = static_cast<std::uint8_t>(text[i]);
        if (b < 0x80) {
            if ((b < 0x20 && b != '\n' && b != '\t') || b == 0x7F)
                appendHex(out, "\\u00", b);
            else
                out += static_cast<char>(b);
            ++i;
            continue;
        }
        const std::size_t n = policy::utf8SequenceAt(text, i);
        if (n == 0) {
            // A sequence cut by the end of this chunk may complete in the next.
            const std::size_t expected = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 ? 2 : 0;
            if (!final && expected > 0 && i + expected > text.size()) {
                bool prefixOk = true;
                for (std::size_t k = i + 1; k < text.size(); ++k)
                    prefixOk = prefixOk && (static_cast<std::uint8_t>(text[k]) & 0xC0) == 0x80;
                if (prefixOk)
                    break;
            }
            appendHex(out, "\\x", b);
            ++i;
            continue;
        }
        if (n == 2 && b == 0xC2 && static_cast<std::uint8_t>(text[i + 1]) < 0xA0)
            appendHex(out, "\\u00", static_cast<std::uint8_t>(text[i + 1]));  // a C1 control
        else
            out.append(text.substr(i, n));
        i += n;
    }
    if (consumed)
        *consumed = i;
    return out;
}

TerminalSafeBuffer::~TerminalSafeBuffer()
{
    finish();
}

bool TerminalSafeBuffer::finish()
{
    const bool drained = drain(true);
    return m_target->pubsync() == 0 && drained;
}

bool TerminalSafeBuffer::drain(bool final)
{
    if (m_pending.empty())
        return !m_failed;
    std::size_t consumed = 0;
    const std::string safe = escape(m_pending, final, &consumed);
    m_pending.erase(0, consumed);
    if (!safe.empty() && m_target->sputn(safe.data(), std::streamsize(safe.size())) != std::streamsize(safe.size()))
        m_failed = true;
    return !m_failed;
}

TerminalSafeBuffer::int_type TerminalSafeBuffer::overflow(int_type c)
{
    if (traits_type::eq_int_type(c, traits_type::eof()))
        return traits_type::not_eof(c);
    m_pending += traits_type::to_char_type(c);
    if ((m_unbuffered || m_pending.size() >= kDrainAt) && !drain(false))
        return traits_type::eof();
    return c;
}

std::streamsize TerminalSafeBuffer::xsputn(const char* s, std::streamsize n)
{
    // A chunk at a time: a large write (a long report) costs a chunk of
    // memory here, not two more copies of itself.
    const auto size = static_cast<std::size_t>(n);
    for (std::size_t done = 0; done < size;) {
        const std::size_t take = std::min(size - done, kDrainAt);
        m_pending.append(s + done, take);
        done += take;
        if ((m_unbuffered || m_pending.size() >= kDrainAt) && !drain(false))
            return 0;
    }
    return n;
}

int TerminalSafeBuffer::sync()
{
    // A sequence cut at a flush may still complete: keep its tail pending.
    if (!drain(false))
        return -1;
    return m_target->pubsync() == 0 ? 0 : -1;
}

}  // namespace cli
