"""What the app draws that is not a widget: the board's layout (which point each cell of the
view shows), the marks on its cells, one redraw's frame and heat scale, and the panels'
texts. Pure functions and small records, no Textual: the widgets and the app use them."""

__all__: list[str] = []
