"""``wmdata serve``: the army builder in a browser, and a JSON API beside it.

Every rule stays in :mod:`wmdata.army`: the pages and the API only read requests, call
the same list reading, editing and validation the command line runs, and render the
answers through :mod:`wmdata.render`.  Imported by nothing but :mod:`wmdata.cli`."""
