// SPDX-License-Identifier: Apache-2.0
#pragma once
// A row of controls that wraps onto further rows when the width runs out,
// instead of forcing its parent wider: what keeps a panel or a tool row
// usable in a language whose words are longer than English ones.

#include <QLayout>
#include <QList>

namespace gui
{

class FlowLayout final : public QLayout
{
public:
    explicit FlowLayout(QWidget* parent = nullptr, int horizontalSpacing = 12, int verticalSpacing = 4);
    ~FlowLayout() override;

    void addItem(QLayoutItem* item) override;
    int count() const override
    {
        return int(m_items.size());
    }
    QLayoutItem* itemAt(int index) const override
    {
        return m_items.value(index);
    }
    QLayoutItem* takeAt(int index) override;
    Qt::Orientations expandingDirections() const override
    {
        return {};
    }
    bool hasHeightForWidth() const override
    {
        return true;
    }
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;  // the widest single item: anything wider wraps
    QSize sizeHint() const override;  // everything on one row
    void setGeometry(const QRect& rect) override;

private:
    int arrange(const QRect& rect, bool apply) const;  // returns the height used
    QList<QLayoutItem*> m_items;
    int m_hSpacing;
    int m_vSpacing;
};

}  // namespace gui
