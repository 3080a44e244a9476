// SPDX-License-Identifier: Apache-2.0
#include "controls/bundled_icons.h"

#include <QApplication>
#include <QFile>
#include <QHash>
#include <QIconEngine>
#include <QPainter>
#include <QPalette>
#include <QPixmap>
#include <QSvgRenderer>

namespace gui
{

namespace
{

// Draws the SVG's shapes in the palette's text colour at paint time, so that
// the icons read on a dark palette as well as on a light one, and follow a
// change of View > Colour Scheme without being rebuilt.
class TintedSvgEngine final : public QIconEngine
{
public:
    explicit TintedSvgEngine(QString path)
        : m_path(std::move(path))
    {
    }
    QIconEngine* clone() const override
    {
        return new TintedSvgEngine(m_path);
    }
    QString key() const override
    {
        return QStringLiteral("policy-studio-tinted-svg");
    }

    void paint(QPainter* painter, const QRect& rect, QIcon::Mode mode, QIcon::State state) override
    {
        painter->drawPixmap(rect, pixmap(rect.size() * painter->device()->devicePixelRatio(), mode, state));
    }

    QPixmap pixmap(const QSize& size, QIcon::Mode mode, QIcon::State) override
    {
        const QPalette palette = QApplication::palette();
        QColor colour
            = palette.color(mode == QIcon::Disabled ? QPalette::Disabled : QPalette::Normal, QPalette::ButtonText);
        if (mode == QIcon::Disabled)
            colour.setAlphaF(0.55f);
        if (mode == QIcon::Selected)
            colour = palette.color(QPalette::HighlightedText);
        const QString cacheKey
            = QStringLiteral("%1x%2 %3").arg(size.width()).arg(size.height()).arg(colour.name(QColor::HexArgb));
        if (const auto it = m_cache.constFind(cacheKey); it != m_cache.constEnd())
            return *it;
        QPixmap out(size);
        out.fill(Qt::transparent);
        QSvgRenderer renderer(m_path);
        if (renderer.isValid()) {
            QPainter p(&out);
            renderer.render(&p);
            // Keep the drawing's coverage, replace its colour.
            p.setCompositionMode(QPainter::CompositionMode_SourceIn);
            p.fillRect(out.rect(), colour);
        }
        m_cache.insert(cacheKey, out);
        return out;
    }

    QSize actualSize(const QSize& size, QIcon::Mode, QIcon::State) override
    {
        return size;
    }

private:
    QString m_path;
    QHash<QString, QPixmap> m_cache;
};

}  // namespace

QIcon bundledIcon(const QString& name)
{
    const QString path = QStringLiteral(":/icons/%1.svg").arg(name);
    // Parsed when first drawn, not here: start-up pays for no icon it does not show.
    if (!QFile::exists(path))
        return {};
    return QIcon(new TintedSvgEngine(path));
}

}  // namespace gui
