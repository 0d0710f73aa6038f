"""Reading a ruling page the way a person would: its text, its sections, its links (stdlib parser)."""

from __future__ import annotations

from html.parser import HTMLParser

_VOID = {"meta", "link", "br", "img", "input", "hr", "source", "wbr", "area", "base", "col", "embed", "track"}
_SVG_SELF = {"rect", "path", "circle", "line", "polyline", "polygon", "ellipse", "use", "stop"}


class Node:
    """An element: its tag, attributes, children (elements and text)."""

    def __init__(self, tag: str, attrs: dict[str, str | None], parent: "Node | None") -> None:
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list["Node | str"] = []

    @property
    def classes(self) -> set[str]:
        return set((self.attrs.get("class") or "").split())

    def text(self) -> str:
        """The text inside, as one line with single spaces (what a person reads)."""
        parts = []
        for c in self.children:
            parts.append(c if isinstance(c, str) else c.text())
        return " ".join(" ".join(parts).split())

    def walk(self):
        yield self
        for c in self.children:
            if isinstance(c, Node):
                yield from c.walk()

    def find_all(self, tag: str | None = None, cls: str | None = None, **attrs: str) -> list["Node"]:
        return [n for n in self.walk() if (tag is None or n.tag == tag) and (cls is None or cls in n.classes)
                and all(n.attrs.get(k) == v for k, v in attrs.items())]

    def find(self, tag: str | None = None, cls: str | None = None, **attrs: str) -> "Node":
        found = self.find_all(tag, cls, **attrs)
        assert found, f"no <{tag} class={cls} {attrs}>"
        return found[0]

    def hidden(self) -> bool:
        """Whether it or an element it is in is hidden (the ``hidden`` attribute)."""
        n: Node | None = self
        while n is not None:
            if "hidden" in n.attrs:
                return True
            n = n.parent
        return False


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {}, None)
        self.at = self.root

    def handle_starttag(self, tag, attrs):
        node = Node(tag, dict(attrs), self.at)
        self.at.children.append(node)
        if tag not in _VOID:
            self.at = node

    def handle_startendtag(self, tag, attrs):
        self.at.children.append(Node(tag, dict(attrs), self.at))

    def handle_endtag(self, tag):
        n = self.at
        while n is not None and n.tag != tag:
            n = n.parent
        if n is not None and n.parent is not None:
            self.at = n.parent

    def handle_data(self, data):
        self.at.children.append(data)


def parse(html: str) -> Node:
    """The page's element tree."""
    b = _Builder()
    b.feed(html)
    b.close()
    return b.root


def dangling_links(root: Node) -> list[str]:
    """Every in-page link (``href="#x"``) whose target ``id="x"`` does not exist."""
    ids = {n.attrs["id"] for n in root.walk() if n.attrs.get("id")}
    return [n.attrs["href"] for n in root.find_all("a") if (n.attrs.get("href") or "").startswith("#")
            and n.attrs["href"][1:] not in ids]
