# Voila's configuration on Binder and in `make lab` (binder/postBuild and the Makefile copy it
# to <prefix>/etc/jupyter/voila.py, where Voila reads it both as the Jupyter server's extension,
# ?urlpath=voila/render/..., and as an app). Nothing a page needs comes from outside the server.
c = get_config()  # noqa: F821 (traitlets' config loader provides it)

# The play server's page template (share/jupyter/voila/templates/treasurekit, installed beside
# this file's prefix): Voila's default "lab" template takes Font Awesome from a CDN.
c.VoilaConfiguration.template = "treasurekit"


def no_cdn_mathjax(page_config, **_):
    """As a server extension, Voila gives its page cdnjs's MathJax (the server's settings have
    no mathjax_url); with both MathJax options null, as the Voila app gives them, the page
    uses the MathJax bundled with Voila."""
    return {**page_config, "fullMathjaxUrl": None, "mathjaxConfig": None}


c.VoilaConfiguration.page_config_hook = no_cdn_mathjax
