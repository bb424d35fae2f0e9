"""Pages of the tournaments app: public pages and the arbiters' pages, one module per area."""
