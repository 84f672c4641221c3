from setuptools import setup, Extension

setup(
    name="needs313",
    ext_modules=[Extension("needs313", ["flags.c"])],
    python_requires = '>=3.13',
)
