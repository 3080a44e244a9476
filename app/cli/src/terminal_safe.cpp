// SPDX-License-Identifier: Apache-2.0
#include "cli/terminal_safe.h"

#include "policy/text.h"

#include <algorithm>
#include <cstdint>

namespace cli
{
namespace
{

constexpr std::size_t kDrainAt = 64 * 1024;

}  // namespace

std::string TerminalSafeBuffer::escape(std::string_view text, bool final, std::size_t* consumed)
{
    // A sequence cut by the end of this chunk may complete in the next: keep
    // its bytes back unless this is the end.
    std::size_t cut = text.size();
    if (!final) {
        for (std::size_t back = 1; back <= 3 && back <= text.size(); ++back) {
            const auto b = static_cast<std::uint8_t>(text[text.size() - back]);
            if ((b & 0xC0) == 0x80)
                continue;  // a continuation byte: look further back for its lead
            const std::size_t expected = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 ? 2 : 0;
            if (expected > back)
                cut = text.size() - back;
            break;
        }
    }
    std::string out;
    policy::escapeControls(out, text.substr(0, cut), policy::Escaping::Text);
    if (consumed)
        *consumed = cut;
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
