// SPDX-License-Identifier: Apache-2.0
#include "checked_row.h"

#include <QVariant>

#include <limits>

namespace store::detail
{

std::string describeValue(const QVariant& value)
{
    if (value.isNull())
        return "NULL";
    switch (value.metaType().id()) {
    case QMetaType::Double: return "the real number " + QString::number(value.toDouble(), 'g', 17).toStdString();
    case QMetaType::QByteArray: return "a blob of " + std::to_string(value.toByteArray().size()) + " bytes";
    case QMetaType::Bool: return value.toBool() ? "the boolean true" : "the boolean false";
    case QMetaType::QString: {
        const QString text = value.toString();
        return "the text '" + (text.size() > 40 ? text.left(40) + QStringLiteral("…") : text).toStdString() + "'";
    }
    default: return value.toString().toStdString();
    }
}

std::vector<std::string> valueParts(const QVariant& value)
{
    if (value.isNull())
        return {"null", ""};
    switch (value.metaType().id()) {
    case QMetaType::Double: return {"real", QString::number(value.toDouble(), 'g', 17).toStdString()};
    case QMetaType::QByteArray: return {"blob", std::to_string(value.toByteArray().size())};
    case QMetaType::Bool: return {"boolean", value.toBool() ? "true" : "false"};
    case QMetaType::QString: {
        const QString text = value.toString();
        return {"text", (text.size() > 40 ? text.left(40) + QStringLiteral("…") : text).toStdString()};
    }
    default: return {"other", value.toString().toStdString()};
    }
}

CheckedRow::CheckedRow(const QSqlQuery& query, std::string table, std::string row)
    : m_query(query)
    , m_table(std::move(table))
    , m_row(std::move(row))
{
}

void CheckedRow::refuse(const char* name, const std::string& why, std::string code, std::vector<std::string> value)
{
    m_problems.push_back(m_table + ", " + m_row + ", column " + name + ": " + why);
    m_coded.push_back({name, std::move(code), std::move(value)});
}

std::optional<std::int64_t> CheckedRow::optionalInteger(int column, const char* name)
{
    const QVariant v = m_query.value(column);
    if (v.isNull())
        return std::nullopt;
    switch (v.metaType().id()) {
    case QMetaType::Int:
    case QMetaType::Short:
    case QMetaType::Long:
    case QMetaType::LongLong: return v.toLongLong();
    case QMetaType::UInt:
    case QMetaType::UShort:
    case QMetaType::ULong:
    case QMetaType::ULongLong:
        if (v.toULongLong() <= std::uint64_t(std::numeric_limits<std::int64_t>::max()))
            return std::int64_t(v.toULongLong());
        refuse(name, v.toString().toStdString() + " is past the 64-bit integer range kandev reads", "past_int64",
            {"other", v.toString().toStdString()});
        return 0;
    default:
        refuse(name, describeValue(v) + " is not an integer, which kandev reads here", "not_integer", valueParts(v));
        return 0;
    }
}

std::int64_t CheckedRow::integer(int column, const char* name)
{
    if (const auto v = optionalInteger(column, name))
        return *v;
    if (m_query.value(column).isNull())
        refuse(name, "NULL where kandev reads an integer", "null_integer");
    return 0;
}

bool CheckedRow::boolean(int column, const char* name)
{
    const QVariant v = m_query.value(column);
    if (v.metaType().id() == QMetaType::Bool && !v.isNull())
        return v.toBool();
    switch (v.isNull() ? QMetaType::UnknownType : v.metaType().id()) {
    case QMetaType::Int:
    case QMetaType::LongLong:
        if (v.toLongLong() == 0 || v.toLongLong() == 1)
            return v.toLongLong() == 1;
        break;
    default: break;
    }
    refuse(
        name, describeValue(v) + " is not a boolean (0 or 1), which kandev reads here", "not_boolean", valueParts(v));
    return false;
}

std::optional<std::string> CheckedRow::optionalText(int column, const char* name)
{
    const QVariant v = m_query.value(column);
    if (v.isNull())
        return std::nullopt;
    if (v.metaType().id() == QMetaType::QString)
        return v.toString().toStdString();
    refuse(name, describeValue(v) + " is not text, which kandev reads here", "not_text", valueParts(v));
    return std::string();
}

std::string CheckedRow::text(int column, const char* name)
{
    if (auto v = optionalText(column, name))
        return std::move(*v);
    refuse(name, "NULL where kandev reads text", "null_text");
    return {};
}

void CheckedRow::appendProblemsTo(std::string& out) const
{
    for (const std::string& problem : m_problems)
        out += (out.empty() ? "" : "; ") + problem;
}

}  // namespace store::detail
