// SPDX-License-Identifier: Apache-2.0
#pragma once
// Reads one row of kandev's tables with the types kandev's Go code scans its
// columns into. A value of another type or out of range (a REAL 1e20 where a
// position belongs, the text 'yes' where 0 or 1 does) is named with its
// table, row and column and never converted: the caller treats the row as
// unreadable. Every column read from kandev's tables goes through here.

#include <QSqlQuery>
#include <QString>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace store::detail
{

class CheckedRow
{
public:
    // `row` names the row for people: "profile \"dyn-a\", position 2".
    CheckedRow(const QSqlQuery& query, std::string table, std::string row);

    // A 64-bit integer (SQLite INTEGER, PostgreSQL integer types).
    std::int64_t integer(int column, const char* name);
    // NULL is "none"; anything else must be an integer.
    std::optional<std::int64_t> optionalInteger(int column, const char* name);
    // kandev's booleans: 0 or 1 in SQLite, boolean in PostgreSQL.
    bool boolean(int column, const char* name);
    std::string text(int column, const char* name);
    // NULL is "none" (a LEFT JOIN without a match, a nullable column).
    std::optional<std::string> optionalText(int column, const char* name);

    bool ok() const
    {
        return m_problems.empty();
    }
    // "dynamic_agent_routes, profile \"dyn-a\", position 2, column enabled: ..." each.
    const std::vector<std::string>& problems() const
    {
        return m_problems;
    }
    // Appends each problem to `out`, "; " between them (a route's row error).
    void appendProblemsTo(std::string& out) const;

    // The same problems for a UI in another language: the column, what is
    // wrong ("not_integer", "null_text", ...) and the value as
    // {kind ("real", "blob", "boolean", "text", "null", "other"), text}.
    struct Problem {
        std::string column;
        std::string code;
        std::vector<std::string> value;
    };
    const std::vector<Problem>& codedProblems() const
    {
        return m_coded;
    }
    const std::string& table() const
    {
        return m_table;
    }

private:
    void refuse(const char* name, const std::string& why, std::string code, std::vector<std::string> value = {});
    const QSqlQuery& m_query;
    std::string m_table;
    std::string m_row;
    std::vector<std::string> m_problems;
    std::vector<Problem> m_coded;
};

// A column value as it reads in a message: numbers as stored, text quoted and cut short.
std::string describeValue(const QVariant& value);
// The same as {kind, text}: CheckedRow::Problem::value.
std::vector<std::string> valueParts(const QVariant& value);

}  // namespace store::detail
