// SPDX-License-Identifier: Apache-2.0
#pragma once
// JSON written as it is produced, laid out as nlohmann's dump(2) lays it out
// (two spaces a level, `"key": value`), with the one escaper every output
// uses: a large SARIF file without a JSON tree of it.

#include "protocol/evaluate_line.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cli
{

class PrettyJson
{
public:
    // `depth`: the level the first value is written at (its indentation is the caller's).
    PrettyJson(std::string& out, int depth)
        : m_out(out)
        , m_depth(depth)
    {
    }
    void beginObject(std::string_view key = {})
    {
        open(key, '{');
    }
    void endObject()
    {
        close('}');
    }
    void beginArray(std::string_view key = {})
    {
        open(key, '[');
    }
    void endArray()
    {
        close(']');
    }
    void string(std::string_view key, std::string_view value)
    {
        item(key);
        protocol::appendJsonString(m_out, value);
    }
    void number(std::string_view key, std::int64_t value)
    {
        item(key);
        m_out += std::to_string(value);
    }

private:
    void item(std::string_view key)
    {
        if (m_empty.empty())
            return;
        if (!m_empty.back())
            m_out += ',';
        m_empty.back() = false;
        m_out += '\n';
        m_out.append(std::size_t(2 * m_depth), ' ');
        if (!key.empty()) {
            protocol::appendJsonString(m_out, key);
            m_out += ": ";
        }
    }
    void open(std::string_view key, char bracket)
    {
        item(key);
        m_out += bracket;
        m_empty.push_back(true);
        ++m_depth;
    }
    void close(char bracket)
    {
        --m_depth;
        if (!m_empty.back()) {
            m_out += '\n';
            m_out.append(std::size_t(2 * m_depth), ' ');
        }
        m_empty.pop_back();
        m_out += bracket;
    }

    std::string& m_out;
    int m_depth;
    std::vector<bool> m_empty;  // per open container: nothing written in it yet
};

}  // namespace cli
