# The web platform's image: `ludoteca serve` with the `web` extra (compose.yaml runs several of them
# behind a proxy, on one PostgreSQL database). Build: docker build -t ludoteca .
FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY src ./src
RUN pip install --no-cache-dir '.[web]' && useradd --system ludoteca
USER ludoteca
EXPOSE 8000
CMD ["ludoteca", "serve", "--host", "0.0.0.0", "--port", "8000"]
